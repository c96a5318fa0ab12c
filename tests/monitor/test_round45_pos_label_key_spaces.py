"""Round 45 (lead, from the holdout review): since e5c04a71 the monitor counts a text label
with its spaces, as the audit does (' >50K.' is not '>50K.'), but the store's key of
--pos-label still stripped them: a store made with ' >50K.' took a later run given '>50K.'
(a value the audit refuses on that file) and counted it under the stored spelling. The key
keeps a text's spaces: such a run is refused as another request; a number's spaces are still
read around it (' 1' is 1)."""

from decimal import Decimal

import pandas as pd

from ethiclens.monitor._run import _label_key

from .conftest import run_cli


def test_the_key_keeps_a_texts_spaces_and_reads_a_numbers():
    assert _label_key(" >50K.") != _label_key(">50K.")
    assert _label_key(" 1") == _label_key("1") == Decimal(1)
    assert _label_key("true") == ("truth", True)


def test_a_store_refuses_the_label_written_without_its_space(tmp_path, capsys):
    n = 48
    frame = pd.DataFrame(
        {
            "t": pd.date_range("2024-01-01", periods=n, freq="h").astype(str),
            "sex": ["a", "b"] * (n // 2),
            "y": [" >50K.", " <=50K.", " <=50K."] * (n // 3),
            "pred": [" >50K.", " >50K.", " <=50K."] * (n // 3),
        }
    )
    feed = tmp_path / "o.csv"
    frame.to_csv(feed, index=False)
    store = tmp_path / "s.sqlite"
    argv = [feed, "--y-true", "y", "--y-pred", "pred", "--protected", "sex", "--time", "t"]
    argv += ["--window", "1d", "--store", store, "--min-group-size", "1", "--min-labels", "1"]
    assert run_cli(capsys, "monitor", *argv, "--pos-label", " >50K.")[0] == 0
    rc, _, err = run_cli(capsys, "monitor", *argv, "--pos-label", ">50K.")
    assert rc == 2 and "--pos-label ' >50K.' there, '>50K.' here" in err, err
