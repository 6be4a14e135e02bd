"""Printed pieces: the piece art every product draws (art), the art catalogue game-file
authors choose from (catalogue) and the `pieces` product, sheets of pieces at real size
with spares and cut lines (sheet). The laser reads the same art (products.laser.pieces)."""
