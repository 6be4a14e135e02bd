"""Writing output files safely: check the folder once, write to a temporary name, rename."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from printables.errors import UsageError


def ensure_dir(path: str | Path) -> Path:
    """Create the output folder if needed and check it is writable, or raise UsageError."""
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise UsageError(f"output {str(p)!r} is a file; give a folder to write into", input=str(p))
    try:
        p.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(f"cannot create output folder {str(p)!r}: {e.strerror}; "
                         "choose a writable folder with --output", input=str(p)) from None
    if not os.access(p, os.W_OK | os.X_OK):
        raise UsageError(f"output folder {str(p)!r} is not writable; choose another with --output",
                         input=str(p))
    return p


def write_atomic(path: str | Path, data: bytes) -> Path:
    """Write bytes to path via a temporary file in the same folder, then rename (no half files)."""
    p = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".part", dir=p.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return p
