"""`python -m printables ...` runs the command line, as the `printables` script does."""

from printables.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
