"""Self-play: fast playout kernels checked against the reference engines (games/*_rules.py),
players (random, Monte-Carlo, MCTS), `printables play` and `printables balance`.

This package sits above games and positions and below the CLI; nothing in games, positions,
products or render imports it.
"""
