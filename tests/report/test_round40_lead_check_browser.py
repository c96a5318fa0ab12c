"""Round 40 (lead): report.check_browser() told a Python caller "option '--pdf': no PDF
renderer was found", a flag it never typed. The library's refusal now names none; the command
line (which calls it before any work) still says "option '--pdf'" and a config file's key."""

import stat

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.report import check_browser


def test_python_caller_is_not_told_a_flag(tmp_path, monkeypatch):
    monkeypatch.setenv("ETHICLENS_CHROMIUM", str(tmp_path / "none"))
    with pytest.raises(EthicLensInputError) as info:
        check_browser()
    assert info.value.column is None and "--pdf" not in str(info.value)
    assert str(info.value).startswith("no PDF renderer was found. Fix: install Chromium")


def test_failing_renderer_names_no_flag_either(tmp_path, monkeypatch):
    fake = tmp_path / "chrome"
    fake.write_text("#!/bin/sh\necho boom >&2\nexit 3\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("ETHICLENS_CHROMIUM", str(fake))
    with pytest.raises(EthicLensInputError) as info:
        check_browser()
    assert str(info.value).startswith("the PDF renderer failed (exit 3): boom"), str(info.value)


def test_timeout_still_named_as_the_argument():
    with pytest.raises(EthicLensInputError, match=r"^argument 'timeout': must be a number"):
        check_browser(timeout=0)
