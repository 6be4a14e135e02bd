"""A plugin game whose package needs a library that is not installed."""

import printables_missing_dependency  # noqa: F401  (deliberately absent)

GAME = None
