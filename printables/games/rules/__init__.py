"""The rules vocabulary of game files and its generic engine (RULES_SPEC.md): typed rule
objects (vocabulary), derived geometry as plain tables (lines), the mechanisms (moves,
captures, ends), GenericRules (engine) and the placement that keeps hands (placement).

The games layer: it reads a Board's relations by name and never a game's name; the game
file reader (printables.gamefile.rules) builds the RuleSet.
"""

from printables.games.rules.engine import GenericRules
from printables.games.rules.lines import Tables, compile_tables
from printables.games.rules.vocabulary import RuleSet, resolve

__all__ = ["GenericRules", "RuleSet", "Tables", "compile_tables", "resolve"]
