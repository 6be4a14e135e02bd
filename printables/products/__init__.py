"""The products a person prints or cuts, each from a game's board, pieces and positions:
boards (board, board_sheet, tiling), setup diagrams (setup), piece sheets
(pieces/), rule booklets (booklet/), laser files (laser/) and the print-and-play kit that
gathers them (kit, print_and_play). Shared page furniture and the one file namer live in
common. Products build Scenes; printables.render turns them into files."""
