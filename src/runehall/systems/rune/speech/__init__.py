"""Rune in words: cards, labels and headlines in the reader's language."""
