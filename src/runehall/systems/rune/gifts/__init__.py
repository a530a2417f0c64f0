"""Rune's Divine Gifts and Rune Powers (spec 001b §2): the catalog (catalog.py), Divine Connection and
Divine Awareness (divine.py), and the numbers of the gifts' rules (formulas.py)."""
