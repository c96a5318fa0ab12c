"""A new reader follows the README and the guides: every link to a file of the repository and
every repository path they name in backticks exists, and every in-page anchor of the README
names one of its headings (round 40, new-user walk-through)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "docs").glob("*/*.md")])
LINK = re.compile(r"\]\(([^)\s]+)\)")
PATH = re.compile(r"`((?:docs|tests|src|bench|scripts)/[\w./-]+)`")


def _slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_and_paths_of_the_page_exist(page):
    text = page.read_text(encoding="utf-8")
    dead = []
    for target in LINK.findall(text):
        if target.startswith(("http://", "https://", "mailto:", "#")):
            continue
        if not (page.parent / target.split("#")[0]).exists():
            dead.append(target)
    dead += [p for p in PATH.findall(text) if "*" not in p and not (ROOT / p.rstrip(".")).exists()]
    assert not dead, f"{page.relative_to(ROOT)} names files that do not exist: {dead}"


def test_readme_anchors_name_its_headings():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    slugs = {_slug(h) for h in re.findall(r"^#+ (.+)$", text, re.M)}
    anchors = set(re.findall(r"\]\(#([^)]+)\)", text))
    assert anchors, "the README links its own sections (Quickstart)"
    assert anchors <= slugs, f"anchors without a heading: {sorted(anchors - slugs)}"
