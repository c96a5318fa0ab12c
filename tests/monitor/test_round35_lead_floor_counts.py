"""Round 35 (lead): the monitor's window floor reasons print counts with thousands separators,
as the audit's do since e1f22939 (was '1500 positive labels, below the floor of 2000')."""

from types import SimpleNamespace

from ethiclens.monitor._run import _below_label_floor


def test_label_floor_reasons_read_with_separators():
    row = SimpleNamespace(ref={"pos": 1500, "neg": 4000}, grp={"pos": 3000, "neg": 5000})
    why = _below_label_floor(SimpleNamespace(min_labels=2000), row)
    assert why["tpr_gap"] == "1,500 positive labels, below the floor of 2,000"
    assert "disparate_impact" not in why
