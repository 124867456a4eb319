"""The transfer wizard's steps and what its pages have settled so far: Qt-free, below the wizard and its pages.

The wizard (wizard.py) builds one page a step from pages/, and each page moves between steps by `Page`; both
read and fill the one `Draft`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from roster_app.queries.transfers import DealTerms
from roster_app.rules.dice import Roll


class Page(IntEnum):
    CHOOSE = 1
    APPROACH = 2
    CONSENT = 3
    PRICE = 4
    LAST_CHANCE = 5
    MOVEMENTS = 6
    CONTRACT = 10
    DEAL_OFF = 99


STEP_OF_PAGE = {Page.CHOOSE: (1,), Page.APPROACH: (2,), Page.CONSENT: (3,), Page.PRICE: (4,),
                Page.LAST_CHANCE: (5,), Page.MOVEMENTS: (6, 7, 8, 9), Page.CONTRACT: (10,)}  # fmt: skip


@dataclass
class Draft:
    """What the pages have settled so far (nothing here is written until a page's service call)."""

    buyer_id: int | None = None
    player_id: int | None = None
    transfer_id: int | None = None
    terms: DealTerms | None = None
    reaction: Roll | None = None
    result: str | None = None  # refuses / listens / keen
    tribunal: Roll | None = None
    price: int | None = None
    number: int | None = None
    seasons: int | None = None
    deal_off: str = ""  # why the deal ended early, in words
    completed: bool = False
