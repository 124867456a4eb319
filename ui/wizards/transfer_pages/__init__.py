"""The pages of the transfer wizard, one small class per step (steps 6-9 share one summary page)."""

from ui.wizards.transfer_pages.approach import TellCoachPage
from ui.wizards.transfer_pages.choose import ChoosePlayerPage
from ui.wizards.transfer_pages.consent import SellerConsentPage
from ui.wizards.transfer_pages.contract import NewContractPage
from ui.wizards.transfer_pages.deal_off import DealOffPage
from ui.wizards.transfer_pages.last_chance import LastChancePage
from ui.wizards.transfer_pages.movements import MovementsPage
from ui.wizards.transfer_pages.price import PricePage
from ui.wizards.transfer_wizard import Page

PAGES = {
    Page.CHOOSE: ChoosePlayerPage,
    Page.APPROACH: TellCoachPage,
    Page.CONSENT: SellerConsentPage,
    Page.PRICE: PricePage,
    Page.LAST_CHANCE: LastChancePage,
    Page.MOVEMENTS: MovementsPage,
    Page.CONTRACT: NewContractPage,
    Page.DEAL_OFF: DealOffPage,
}
