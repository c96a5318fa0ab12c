"""Reading and writing user files: clear errors, never a half-written output."""

import errno
import os

import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens.io import check_outputs, read_table
from ethiclens.report import write_atomic


def test_semicolon_csv_gets_a_delimiter_hint(tmp_path):
    f = tmp_path / "x.csv"
    f.write_text("a;b;c\n1;2;3\n")
    with pytest.raises(EthicLensInputError, match="semicolons"):
        read_table(f)


def test_folder_and_gzip(tmp_path):
    with pytest.raises(EthicLensInputError, match="is a folder"):
        read_table(tmp_path)
    f = tmp_path / "x.csv.gz"
    pd.DataFrame({"a": [1, 2], "b": [3, 4]}).to_csv(f, index=False)
    assert read_table(f).shape == (2, 2)


def test_repeated_csv_header_is_refused_not_renamed(tmp_path):
    # pandas would rename the second 'a' to 'a.1' and --y-pred a would silently read the first
    f = tmp_path / "x.csv"
    f.write_text("a,a\n1,2\n")
    with pytest.raises(EthicLensInputError, match="two columns named 'a'"):
        read_table(f)
    # a real column named like pandas' renaming is no duplicate
    g = tmp_path / "y.csv"
    g.write_text("a,a.1\n1,2\n")
    assert list(read_table(g).columns) == ["a", "a.1"]


def test_outputs_never_replace_inputs_or_each_other(tmp_path):
    inp = tmp_path / "base.csv"
    inp.write_text("a\n1\n")
    with pytest.raises(EthicLensInputError, match="--json.*input|input.*--json"):
        check_outputs({"--json": inp}, inputs=[inp])
    link = tmp_path / "link.csv"
    os.link(inp, link)
    with pytest.raises(EthicLensInputError, match="input file"):
        check_outputs({"--json": link}, inputs=[inp])
    with pytest.raises(EthicLensInputError, match="also given to --json"):
        check_outputs({"--json": tmp_path / "o", "--html": tmp_path / "o"})
    rel = tmp_path / "rel"
    rel.mkdir()
    with pytest.raises(EthicLensInputError, match="inside"):
        check_outputs({"--json": rel / "manifest.json"}, protected_dirs=[rel])
    check_outputs({"--json": tmp_path / "a.json", "--html": tmp_path / "a.html"}, inputs=[inp])
    assert inp.read_text() == "a\n1\n"


def test_full_disk_leaves_the_old_file_and_a_clear_error(tmp_path, monkeypatch):
    out = tmp_path / "report.json"
    out.write_text("old")

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(EthicLensInputError, match="No space left"):
        write_atomic(out, "new")
    assert out.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]  # no temp file left


def test_unwritable_target_is_an_input_error():
    with pytest.raises(EthicLensInputError):
        write_atomic("/proc/ethiclens-test.json", "x")


def test_preflight_gives_engines_that_read_files_themselves_the_same_checks(tmp_path):
    import gzip

    from ethiclens.io import preflight_file

    cases = {
        "gz.csv": (gzip.compress(b"a,b\n1,2\n"), "gzip"),
        "pq.csv": (b"PAR1" + b"\0" * 20, "Parquet"),
        "latin.csv": ("a,b\n1,caf\xe9\n".encode("latin-1"), "UTF-8"),
        "semi.csv": (b"a;b\n1;2\n", "semicolons"),
        "dup.csv": (b"a,a\n1,2\n", "two columns named 'a'"),
        "head.csv": (b"a,b\n", "no data rows"),
        "empty.csv": (b"", "is empty"),
        "text.parquet": (b"a,b\n1,2\n", "not a Parquet file"),
    }
    for name, (content, match) in cases.items():
        (tmp_path / name).write_bytes(content)
        with pytest.raises(EthicLensInputError, match=match):
            preflight_file(tmp_path / name)
    preflight_file(tmp_path / "head.csv", require_rows=False)  # one empty partition of many
    (tmp_path / "bom.csv").write_bytes("\ufeffa,b\n1,2\n".encode())
    preflight_file(tmp_path / "bom.csv")


def test_outputs_stay_out_of_input_folders_and_globs(tmp_path):
    (tmp_path / "a.csv").write_text("x\n1\n")
    with pytest.raises(EthicLensInputError, match="inside"):
        check_outputs({"--json": tmp_path / "o.json"}, inputs=[tmp_path])
    with pytest.raises(EthicLensInputError, match="glob"):
        check_outputs({"--json": tmp_path / "new.csv"}, inputs=[str(tmp_path / "*.csv")])
    with pytest.raises(EthicLensInputError, match="input file"):
        check_outputs({"--out": tmp_path / "a.csv"}, inputs=[str(tmp_path / "*.csv")])
    check_outputs({"--json": tmp_path / "o.json"}, inputs=[str(tmp_path / "*.csv")])


def test_outputs_that_are_devices_or_pipes_are_refused(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(EthicLensInputError, match="not a regular file"):
        write_atomic(tmp_path / "pipe", "x")
    assert (tmp_path / "pipe").is_fifo()


def test_a_symlinked_output_is_written_through_and_stays_a_link(tmp_path):
    (tmp_path / "real.html").write_text("old")
    link = tmp_path / "link.html"
    link.symlink_to("real.html")
    assert write_atomic(link, "new") == link
    assert link.is_symlink() and os.readlink(link) == "real.html"
    assert (tmp_path / "real.html").read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.html", "real.html"]


def test_a_dangling_link_creates_its_target_beside_the_target(tmp_path):
    (tmp_path / "out").mkdir()
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "out" / "r.json")
    write_atomic(link, "{}")
    assert link.is_symlink() and (tmp_path / "out" / "r.json").read_text() == "{}"


@pytest.mark.parametrize("kind", ["fifo", "folder", "device", "link to device"])
def test_special_outputs_are_refused_naming_the_option(tmp_path, kind):
    path = tmp_path / "out"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "device":
        path = "/dev/null"
    else:
        path.symlink_to("/dev/null")
    with pytest.raises(EthicLensInputError) as err:
        check_outputs({"--html": path})
    text = str(err.value)
    assert "option '--html'" in text and "\n" not in text
    assert ("folder" in text) if kind == "folder" else ("--json -" in text)


def test_json_ready_nulls_every_undefined_number_and_keeps_the_rest():
    from dataclasses import dataclass

    import numpy as np

    from ethiclens.io import json_fields, json_ready

    @dataclass
    class Inner:
        x: float

        def to_dict(self):
            return {"x": json_ready(self.x)}

    @dataclass
    class Outer:
        a: float
        n: int
        inner: Inner
        rows: list

    o = Outer(np.float64("nan"), 3, Inner(float("inf")), [(1.5, np.inf), {"k": None}])
    assert json_ready({"o": [o.inner]}) == {"o": [{"x": None}]}
    assert json_fields(o, "a n inner rows", count="n") == {
        "a": None,
        "n": 3,
        "inner": {"x": None},
        "rows": [[1.5, None], {"k": None}],
        "count": 3,
    }


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("x: &a [*a]\n", "line 1 uses the YAML alias *a"),  # refers to itself
        # a billion laughs in a few hundred bytes: refused before anything expands
        (
            "a0: &a0 [1, 1]\n"
            + "".join(f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}]\n" for i in range(1, 30)),
            "uses the YAML alias *a0",
        ),
        ("policy: {n_boot: 0400}\n", "0400 has a leading zero"),
        ("", "is empty"),
        ("# only a comment\n", "is empty"),
    ],
)
def test_yaml_that_would_read_other_than_it_looks_is_refused(tmp_path, text, said):
    from ethiclens.io import read_config_file

    path = tmp_path / "c.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(EthicLensInputError, match="--config") as err:
        read_config_file(path, "--config", "spec")
    assert said in str(err.value)


def test_yaml_plain_scalars_follow_yaml_1_2(tmp_path):
    from ethiclens.io import read_config_file

    path = tmp_path / "c.yaml"
    path.write_text("a: [yes, NO, on, 1:20]\nb: [true, 0, -5, 1e3, 0.05, 0x1F]\n", "utf-8")
    assert read_config_file(path, "--config") == {
        "a": ["yes", "NO", "on", "1:20"],  # the Norway problem: group names stay text
        "b": [True, 0, -5, 1000.0, 0.05, 31],
    }


def test_a_column_in_two_roles_is_named_in_every_faces_words():
    from ethiclens.io import check_roles

    with pytest.raises(EthicLensInputError) as err:
        check_roles({"y_true": "y", "y_pred": "p", "y_score": "g"}, ["g"])
    assert "column 'g': plays two roles: protected attribute (--protected, roles.protected)" in (
        str(err.value)
    )
    assert "score (--y-score, roles.y_score)" in str(err.value)


def test_the_label_may_not_be_the_prediction_but_a_score_may():
    from ethiclens.io import check_roles

    with pytest.raises(EthicLensInputError, match="label .* and prediction"):
        check_roles({"y_true": "p", "y_pred": "p"}, ["g"])
    check_roles({"y_true": "y", "y_pred": "p", "y_score": "p"}, ["g"])  # a score as it is


NUMBER_LOOKING_TEXT = ["1e3", "0o17", "1e-3", "-1e3", "+1e3", ".5e1", "1e300", "1E3", "0x1F"]
OTHER_LOOKING_TEXT = ["yes", "on", "2024-01-01", "null", "~", "true", ".inf", "1_000", "<<", "="]


def test_dump_yaml_quotes_what_either_yaml_would_read_as_another_type():
    """A string that YAML 1.2 (our loader) or 1.1 (PyYAML's) reads as a number, boolean, date
    or null is quoted, so it comes back as the same text under both."""
    import yaml

    from ethiclens.io import _parse_config, dump_yaml

    names = NUMBER_LOOKING_TEXT + OTHER_LOOKING_TEXT + ["plain"]
    data = {"roles": {name: name for name in names}, "numbers": [1, 2.5, True, None]}
    text = dump_yaml(data)
    assert _parse_config(text, ".yaml") == data
    assert yaml.safe_load(text) == data
    assert "'1e3': '1e3'" in text and "plain: plain" in text


def test_dump_yaml_writes_a_kept_number_text_as_the_number():
    from ethiclens.io import _parse_config, dump_yaml

    read = _parse_config("a: 2.10\nb: 0x1F\n", ".yaml")
    assert dump_yaml(read) == "a: 2.1\nb: 31\n"


@pytest.mark.parametrize(
    "tag",
    ["binary aGVsbG8=", "timestamp 2020-01-01", "set {a, b}", "merge {a: 1}"]
    # core tags too: YAML 1.1's rules (1:30 is 90.0, yes is true) or Python's words
    + ["float 1:30", "bool yes", "int 0b1", "bool maybe", "map x", "python/object:os.system x"],
)
def test_a_yaml_11_only_tag_is_refused_naming_its_line(tag):
    """`!!binary` and friends reached the spec as bytes or dates, and the refusal showed
    Python's repr of them (`datetime.date(2020, 1, 1)`)."""
    from ethiclens.io import ConfigSyntaxRefused, _parse_config

    with pytest.raises(ConfigSyntaxRefused, match=rf"line 2 uses the YAML tag !!{tag.split()[0]}"):
        _parse_config(f"version: 1\ntarget: !!{tag}\n", ".yaml")


def test_explicit_text_tags_are_read_as_text():
    from ethiclens.io import ConfigSyntaxRefused, _parse_config

    assert _parse_config("a: !!str 5\n", ".yaml") == {"a": "5"}
    with pytest.raises(ConfigSyntaxRefused, match="uses the YAML tag !, which is never loaded"):
        _parse_config("a: ! 6\n", ".yaml")  # PyYAML read it as the number 6


@pytest.mark.parametrize("text", ["g\x85h", "a\u2028b", "x\u2029y"])
def test_dump_yaml_double_quotes_text_holding_a_folded_line_break(text):
    """PyYAML folds NEL (U+0085) inside single quotes: 'g\x85h' came back as 'g h', and a
    --save-config of such a column name no longer named the column."""
    import yaml

    from ethiclens.io import _parse_config, dump_yaml

    data = {"roles": {"y_pred": text, "protected": [text]}, text: text}
    written = dump_yaml(data)
    assert _parse_config(written, ".yaml") == data and yaml.safe_load(written) == data


def test_a_name_with_the_right_suffix_then_another_is_told_the_right_one():
    """flipped.csv.gz is told flipped.csv, not flipped.csv.csv (round 16)."""
    from ethiclens.io import check_suffix

    with pytest.raises(EthicLensInputError, match=r"Fix: e\.g\. --out flipped\.csv$"):
        check_suffix("flipped.csv.gz", "--out", ".csv", "the table")
    with pytest.raises(EthicLensInputError, match=r"Fix: e\.g\. --out out\.csv$"):
        check_suffix("out.txt", "--out", ".csv", "the table")


@pytest.mark.parametrize("command", ["monitor", "sweep"])
def test_a_store_named_for_another_format_is_refused(tmp_path, command):
    """A SQLite store named results.json was written as a database under a JSON name."""
    from ethiclens.experiments import ResultsStore
    from ethiclens.monitor import MonitorRequest

    for name in ("results.json", "results.duckdb", "results.csv.gz"):
        path = tmp_path / name
        with pytest.raises(EthicLensInputError, match="a store is a SQLite database; a name"):
            if command == "monitor":
                MonitorRequest.checked_store(path)
            else:
                ResultsStore(path, "abc")
        assert not path.exists()


def test_schema_words_take_a_text_bound():
    """Every rule's words are built only for that rule: a text bound (a pattern) with a rule
    that formats a number raised 'Cannot specify , with s' (round 16)."""
    from ethiclens._checks import schema_words

    assert schema_words("pattern", "^[a-z]+$", "fallback") == "fallback"
    assert schema_words("maxLength", 200, "x") == "must be at most 200 characters long"
