"""Round 33 review (monitor): a Python target no file system can name keeps its one refusal:
a NUL is not told that a relative path is read from the current folder (8c5b4a1f added that
word to every refusal of a relative path not there), and a loop of links is refused as such
by its reader, not a traceback from the store's check against the target."""

import os

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

ROLES = dict(time="ts", window="1d", y_pred="p", protected=("g",))


@pytest.mark.parametrize(
    "target, said",
    [
        ("a\x00b.csv", "a path cannot hold a NUL character (\\x00)"),
        ("loop", "is a loop of symbolic links"),
    ],
)
def test_an_unnamable_target_is_refused_in_its_readers_words(tmp_path, monkeypatch, target, said):
    monkeypatch.chdir(tmp_path)
    os.symlink("loop", "loop")
    with pytest.raises(EthicLensInputError) as exc:
        run_monitor(MonitorRequest(target=target, **ROLES), "s.sqlite")
    assert str(exc.value).startswith(f"argument 'target': {said}"), exc.value
    assert "relative path" not in str(exc.value) and not os.path.exists("s.sqlite")
