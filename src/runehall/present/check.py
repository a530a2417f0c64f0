"""What must never reach a person's eyes: program values in text meant for people.

Used by the tests of every page, fragment, card and CLI text: a dict or list literal, a Python or JSON
constant, a JSON key, an identifier written with underscores, a command-line flag (--actor) or a spec reference
(I-17, A-12, TV-03).
"""

from __future__ import annotations

import re

PROGRAM_VALUE = re.compile(
    "|".join(
        (
            r"""\{['"]|\[['"]""",  # a dict or list literal
            r"\b(?:True|False|None|null|NaN)\b(?! [A-Z])",  # a constant ("True Diligence" is a name)
            r'"[a-z_]+":',  # a JSON key
            r"\b[a-z]+_[a-z_]+\b",  # an identifier with underscores
            r"\((?:[A-Z]{1,3}-\d+)\)|\b(?:TV|[AIQ])-\d+\b",  # a spec reference
            r"(?<![\w-])--[a-z]",  # a command-line flag
        )
    )
)


def program_values(text: str) -> list[str]:
    """Every piece of `text` that looks like a program value rather than words."""
    return [m.group(0) for m in PROGRAM_VALUE.finditer(text)]
