"""Round 38 review (words) of 36c485b8 and 648148f4.

- A config file's example (errors.Example.said_as) reads back, in YAML, as the name it gives
  whatever the name holds: a DEL or a C1 control (which JSON's quotes leave raw and a YAML
  reader refuses or turns into a line break), a surrogate of undecodable bytes, or a word
  YAML reads as another type (true, 1.5, a date, '=') were not.
- check_outputs named no option for an output that is a loop of symbolic links (its own,
  or a folder above it): 'error: the path is a loop of symbolic links', the sibling of
  648148f4's name too long; it now names the option, as for a name too long."""

from __future__ import annotations

import pytest
import yaml

from ethiclens.errors import EthicLensInputError, Example
from ethiclens.io import check_outputs


@pytest.mark.parametrize(
    "name", ["\x7f.png", "\x85.png", "\udcff.png", "true", "1.5", "2001-01-01", "null"]
)
def test_a_config_example_reads_back_as_the_name(name):
    said = Example("--plot", name).said_as({"--plot": "outputs.plot"})
    assert said.startswith("e.g. outputs: {plot: "), said
    assert yaml.safe_load(said.removeprefix("e.g. ")) == {"outputs": {"plot": name}}, said


def test_a_plain_name_stays_plain_in_a_config_example():
    said = Example("--plot", "my_plot-2.png").said_as({"--plot": "outputs.plot"})
    assert said == "e.g. outputs: {plot: my_plot-2.png}"
    said = Example("--plot", "a b.png").said_as({"--plot": "outputs.plot"})
    assert said == 'e.g. outputs: {plot: "a b.png"}'


@pytest.fixture
def loops(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "self.html").symlink_to("self.html")
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "dl").symlink_to("dl")
    return tmp_path


@pytest.mark.parametrize("path", ["self.html", "d/dl/r.json"])
def test_an_output_that_is_a_loop_of_links_names_its_option(loops, path):
    with pytest.raises(EthicLensInputError) as info:
        check_outputs({"--html": path})
    assert str(info.value) == (
        f"option '--html': is a loop of symbolic links (value: '{path}'). "
        "Fix: point the link at a file, or give the file's own path"
    )


def test_the_command_line_names_the_option_of_a_loop(loops, capsys):
    from ethiclens.cli import main

    (loops / "d.csv").write_text("label,pred,race\n1,0,a\n0,1,b\n")
    args = ["audit", "d.csv", "--y-true", "label", "--y-pred", "pred", "--protected", "race"]
    assert main([*args, "--model-card", "d/dl/card.md"]) == 2
    err = capsys.readouterr().err
    assert "error: option '--model-card': is a loop of symbolic links" in err, err
