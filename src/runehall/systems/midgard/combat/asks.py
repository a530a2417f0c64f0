"""What Midgard's combat refusals ask a person to give or do, named twice (runehall.errors.Named): as the
CLI and the API type it ("a --target"), and in the table's words ("a target"). Kept here because many
moves ask for the same things."""

from __future__ import annotations

from runehall.errors import Named, typed_only
from runehall.present.words import N_

TARGET = Named(N_("a --target"), N_("a target"))
SKILL = Named(N_("a --skill"), N_("a skill"))
DIFFICULTY = Named("--difficulty", N_("the difficulty"))
GOAL = Named(N_("a --goal"), N_("a goal"))
GIFT = Named("--gift", N_("a gift"))
KNOCKDOWN = Named("--prone", N_("a knockdown"))
ITEM = Named("--item", N_("an item"))
GM_CAST_FIRST = Named(N_("gm_cast (and allocate --actor gm) first"), N_("cast and place the GM's tokens first"))
USE_GIFT = typed_only(" (use_gift)")
