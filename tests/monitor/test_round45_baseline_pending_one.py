"""Round 45 (review of 93134f33): a --baseline-windows 1 baseline still pooled said "no
baseline test yet: the first 1 window are pooled as the baseline"; it now says "the first
window is pooled". The text is a pure function of the report (no run needed)."""

from ethiclens.monitor import baseline_pending_text

ONE = {"start": "2024-01-01T00:00:00Z"}


def test_one_pooled_window_reads_as_one():
    doc = {"request": {"baseline_windows": 1}, "windows": [ONE]}
    assert baseline_pending_text(doc) == (
        "no baseline test yet: the first window is pooled as the baseline (1 in the store so "
        "far); its tests start with window 1"
    )
    doc["windows"].append({"start": "2024-01-02T00:00:00Z"})  # window 1 in the store: tested
    assert baseline_pending_text(doc) is None
    two = {"request": {"baseline_windows": 2}, "windows": [ONE]}
    assert "the first 2 windows are pooled" in baseline_pending_text(two)
