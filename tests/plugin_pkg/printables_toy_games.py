"""A plugin game as another package would ship it: the template game under its own name,
declared by the entry point in printables_toy_games-1.0.dist-info/entry_points.txt."""

from dataclasses import replace

from printables.games._template import GAME as TEMPLATE

GAME = replace(TEMPLATE, name="toy-four", title="Toy Four", designer="a plugin author")
