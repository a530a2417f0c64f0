"""Victory points for one encounter and beyond (spec 001b §6-§7), in one place: the tally recorded during play
(tally.py), the settlement in the book's order (settlement.py), the accounts and their deficit (accounts.py),
and the winners of a session and of a campaign (winning.py)."""

from runehall.systems.rune.encounters.accounts import Credit, Purse, credit, free_vp, loot_vp, pay_deficit, transfer_vp
from runehall.systems.rune.encounters.scoring_data import ScoringFile, scoring
from runehall.systems.rune.encounters.settlement import (
    PlayerScore,
    RunnerCategories,
    ScoreLine,
    Settlement,
    Standing,
    settle,
    standing,
)
from runehall.systems.rune.encounters.tally import Seat, Tally, VPEvent, tally_for
from runehall.systems.rune.encounters.winning import (
    Campaign,
    campaign_winner,
    session_gains,
    session_winner,
    session_wins,
)

__all__ = [
    "Campaign", "Credit", "PlayerScore", "Purse", "RunnerCategories", "ScoreLine", "ScoringFile", "Seat", "Settlement",
    "Standing", "Tally", "VPEvent", "campaign_winner", "credit", "free_vp", "loot_vp", "pay_deficit",
    "scoring", "session_gains", "session_winner", "session_wins", "settle", "standing", "tally_for", "transfer_vp",
]  # fmt: skip
