"""Python-API battery, class: the monitor's request, result or report document given as
something else is refused naming the argument, never the AttributeError/KeyError of the
first attribute read ('NoneType' object has no attribute 'parsed_window', KeyError 'store')."""

import pytest

from ethiclens import monitor
from ethiclens.errors import EthicLensInputError

CALLS = {
    "run_monitor": (lambda bad: monitor.run_monitor(bad, "never.sqlite"), "request"),
    "write_monitor_outputs": (
        lambda bad: monitor.write_monitor_outputs(bad, "never.json"),
        "result",
    ),
    "render_html": (monitor.render_html, "doc"),
    "summary_lines": (monitor.summary_lines, "doc"),
}


@pytest.mark.parametrize(
    "bad", [None, {}, {"store": "s.sqlite"}, "x"], ids=["None", "empty", "partial", "str"]
)
@pytest.mark.parametrize("name", sorted(CALLS))
def test_wrong_object_is_refused_by_argument(name, bad, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    call, argument = CALLS[name]
    with pytest.raises(EthicLensInputError) as info:
        call(bad)
    assert info.value.column == argument
    assert f"argument '{argument}'" in str(info.value)
    assert not list(tmp_path.iterdir())  # no store, no output written
