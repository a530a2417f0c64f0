"""Rune's competitive play (spec 001b §3-§16, 001c §1-§5 and §11): encounters designed on a budget, the
rolls and roll structures their notes call for, foes and terrain priced in encounter points, the runner's
turn, and victory points.

- design.py     the encounter notes as data (events, rolls, foes, terrain; traps, treasure and gains as the
                seam the next part fills), validated in shape when they load;
- lines.py      one priced line (the rule that gave it, its signed EP) and a whole pricing report;
- rolls.py      a roll's price: Difficulty, opposed bonus or baseline, structure, options, multiple rolls;
- structures.py what a roll structure does at the table (who rolls, who is affected, the group's outcome);
- terrain.py, budget.py, validate.py   terrain and foes priced, the encounter point limit, the validator;
- scoring.py    the victory-point tally, settlement in the book's order, deficits, winners;
- running.py    the runner's rotation and proxy, wandering monsters, running away, league and tournament play.
"""
