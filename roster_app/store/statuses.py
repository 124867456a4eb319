"""Stored status words, in a module without the ORM (the first screen reads them before SQLModel loads)."""


class PlayerStatus:
    ACTIVE = "active"
    MISS_NEXT_GAME = "miss next game"  # i18n: key
    RETIRED = "retired"
    DEAD = "dead"
    TRANSFERRED = "transferred"
    ALL = (ACTIVE, MISS_NEXT_GAME, RETIRED, DEAD, TRANSFERRED)
    ON_ROSTER = (ACTIVE, MISS_NEXT_GAME)  # count towards the 16 and play for the team


class ContractStatus:
    RUNNING = "running"
    EXPIRED = "expired"
    TRANSFERRED = "transferred"  # ended early: the player was sold to another team
    REVERSED = "reversed"  # the transfer it was signed in was reversed by the commissioner
    CANCELLED = "cancelled"  # ended early by a commissioner's correction
    DIED = "died"  # ended early: the player died (a casualty's Dead)
    ENDED = "ended"  # ended early: the player died or retired


class TransferStatus:
    APPROACHED = "approached"
    REFUSED_BY_COACH = "refused by coach"  # i18n: key
    REFUSED_BY_PLAYER = "refused by player"  # i18n: key
    PULLED_OUT = "pulled out"
    COMPLETED = "completed"
    REVERSED = "reversed"
