"""What a person reads: words in their language, roll cards, and odds as a decision aid.

One presentation layer serves every system and every place a person reads (the web page, its live
fragments, the CLI's text). Systems give structured descriptions (a `Card` for a stored roll or tracker
action, the `Chance`s that matter for a headline); this package and the web components draw them.
"""

from runehall.present.card import Card, Chip, Row
from runehall.present.words import LANGUAGES, N_, Words, words_for

__all__ = ["LANGUAGES", "N_", "Card", "Chip", "Row", "Words", "words_for"]
