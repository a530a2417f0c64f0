"""What an action's parameters would do, drawn beside their form as it is filled in (a tracker action edited on
a screen of its own: `TrackerAction.editor`), and drawn again on every change.

`sections` are rows a person reads (a priced line: "Difficulty 8 · +20"), `budgets` the strip of running totals
("Spent 40 / 95"), `problems` what the rules refuse, each by the form path of the field or row it belongs beside
(dotted like the form's names, rows by their place in the list: "events.0.rolls.1"; "" for the whole), and
`warnings` what the rules advise against without refusing it. Every string is already in the reader's words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from runehall.present.sheet import SheetRow, SheetSection


@dataclass(frozen=True, slots=True)
class ActionPreview:
    sections: tuple[SheetSection, ...] = ()
    budgets: tuple[SheetRow, ...] = ()
    problems: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()

    @property
    def ready(self) -> bool:
        """Nothing refused: the action would be taken as it stands."""
        return not any(self.problems.values())
