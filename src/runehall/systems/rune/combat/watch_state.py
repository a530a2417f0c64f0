"""What a hero's gifts on the foes' choice of target remember in a fight (spec 001b §2.5; the rules:
gift_targeting.py).

- Boon of Angrboda: `attacked`, the foes he has attacked in this fight (they know him for an enemy: their choice of
  him needs no roll), and `fooled`, the foes who took him for one of their comrades, with the round they did (that
  foe may not choose him again in that round).
- Eyes Like Glowing Coals (gift_coals.py): `coals_until`, the last round his eyes glow, and `glared`, each failure of
  a foe's Res roll to shoot at him, with its round (that foe may not shoot at him again in that round; each earlier
  failure makes its next roll harder).
- The Tireless Joy-Shout (gift_joy.py): `calm_round`, the last round he began with no enemy within 3 paces, and
  `shunned`, the foes he leapt at and sprang away from (each won't choose him until its next attack move)."""

from __future__ import annotations

from pydantic import Field

from runehall.systems.base import RulesModel

MAX_FOES = 100


class Fooled(RulesModel):
    foe: str = Field(max_length=60)
    round: int = Field(ge=1, description="The round his Res roll failed.")


class Watch(RulesModel):
    attacked: tuple[str, ...] = Field((), max_length=MAX_FOES, description="Foes he has attacked in this fight.")
    fooled: tuple[Fooled, ...] = Field((), max_length=MAX_FOES, description="Foes who took him for a comrade.")
    coals_until: int | None = Field(None, description="Eyes Like Glowing Coals: the last round they glow.")
    glared: tuple[Fooled, ...] = Field((), max_length=MAX_FOES, description="Foes who failed to shoot at him.")
    calm_round: int | None = Field(None, description="The Tireless Joy-Shout: the last round he began disengaged.")
    shunned: tuple[str, ...] = Field((), max_length=MAX_FOES, description="Foes that won't choose him as a target.")
