"""The MkDocs hook (mkdocs.yml `hooks:`) that adds the generated pages to the site: the
references, the gallery and the tables are printed from the code at every build, so they
are never written by hand (a hand-written file at one of their paths is an error)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # mkdocs loads this file by path; the generators import as docs.gen
    sys.path.insert(0, str(ROOT))

from mkdocs.structure.files import File, Files  # noqa: E402

from docs.gen.pages import generated  # noqa: E402


def on_files(files: Files, config) -> Files:
    """Add every generated page and picture; refuse a file in docs/ that would shadow one."""
    for path, content in generated().items():
        if files.get_file_from_path(path) is not None:
            raise SystemExit(f"docs/{path} is generated when the site is built; delete the "
                             "file (edit its generator in docs/gen/ instead)")
        files.append(File.generated(config, path, content=content))
    return files
