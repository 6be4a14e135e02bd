"""The products a person prints or cuts, each from a game's board, pieces and positions:
boards (board, board_sheet, tiling), setup diagrams (setup), piece sheets
(pieces/), rule booklets (booklet/), laser files (laser/) and the print-and-play kit that
gathers them (kit, kit_parts, print_and_play). Every product's request is in requests (a
light module), the product table in registry; each product's build sits in its own module.
Shared page furniture lives in common, the one file namer in variant. Products build Scenes;
printables.render turns them into files."""
