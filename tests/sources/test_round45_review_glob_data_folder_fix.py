"""Round 45 review (of 7d6d6611): a glob matching a folder named as a data file (Spark's
``out/b.csv/`` of part files) is refused with a fix; for a glob whose last part does not match
the part files' names ('out/b*.csv'), the fix named 'out/**/b*.csv', which misses
'part-0000.csv' and was refused again, naming 'out/**/**/b*.csv' (a circle). The fix now names a
wider glob only where it reads the folder's files; else the folder and its files' names."""

from __future__ import annotations

import glob
import os

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import resolve_files


@pytest.fixture
def out(tmp_path):
    (tmp_path / "a.csv").write_text("y,p,g\n1,1,a\n")
    (tmp_path / "b.csv").mkdir()
    (tmp_path / "b.csv" / "part-0000.csv").write_text("y,p,g\n1,1,z\n")
    (tmp_path / "b.csv" / "_SUCCESS").write_text("")
    return tmp_path


def _fix(target: str) -> str:
    with pytest.raises(EthicLensInputError) as caught:
        resolve_files(target)
    return caught.value.fix


def test_no_fix_names_a_glob_that_is_refused_again(out):
    fix = _fix(str(out / "b*.csv"))
    assert "**" not in fix
    assert f"as the target: {out / 'b.csv'}" in fix and "part-0000.csv" in fix


def test_a_wider_glob_named_reads_the_folder(out):
    fix = _fix(str(out / "*.csv"))
    wider = str(out / "**" / "*.csv")
    assert f"({wider})" in fix
    files, _, _ = resolve_files(wider)
    assert os.path.normpath(str(out / "b.csv" / "part-0000.csv")) in map(os.path.normpath, files)
    assert glob.glob(wider, recursive=True)
