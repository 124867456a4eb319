"""The injuries a casualty can leave, as the match report and the league's Casualty Table name them (a leaf: the
table's schema and the post-match rules both read it)."""

BADLY_HURT = "Badly hurt"  # out for the rest of the match, nothing more  # i18n: key
INJURIES = (
    BADLY_HURT,
    "Miss next game",  # i18n: key
    "Niggling injury",  # i18n: key
    "-1 MA",
    "-1 ST",
    "-1 AG",
    "-1 AV",
    "Dead",
)  # i18n: key
