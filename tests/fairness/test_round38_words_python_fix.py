"""Round 38 (leftovers-words): a refusal's example fix is valid in each face's words.

A Python writer's fix was `e.g. path="a" b.html` for 'a b.pdf' and `e.g. path -.html` for '-'
(the command line's `e.g. --html a b.html` cut at its first space); now a valid keyword
(`path="a b.html"`), the command line's example is shell-quoted and a config file's is YAML."""

import ast
import shlex

import numpy as np
import pytest
import yaml

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.io import check_store_name, check_suffix

NAMES = ["a b.pdf", "-", "a'b.pdf", 'a"b.pdf', "x.pdf", "a\\b.pdf"]


def _keyword(fix: str) -> tuple[str, object]:
    assert fix.startswith("e.g. "), fix
    call = ast.parse(f"f({fix[5:]})", mode="eval").body  # a SyntaxError where it is no Python
    (kw,) = call.keywords
    return kw.arg, ast.literal_eval(kw.value)


@pytest.fixture(scope="module")
def result():
    r = np.random.default_rng(0)
    y, p = r.integers(0, 2, 60), r.integers(0, 2, 60)
    g = np.array(["x", "y"])[np.arange(60) % 2]
    return ethiclens.audit(y, p, g, n_boot=100, random_state=0)


@pytest.mark.parametrize("name", NAMES)
def test_to_html_fix_is_python(result, tmp_path, name):
    with pytest.raises(EthicLensInputError) as info:
        result.to_html(name if name == "-" else tmp_path / name)
    want = ("-" if name == "-" else name.rpartition(".")[0]) + ".html"
    assert _keyword(info.value.fix) == ("path", want)


@pytest.mark.parametrize("name", NAMES)
def test_each_face_reads_its_example(name):
    with pytest.raises(EthicLensInputError) as info:
        check_suffix(name, "--plot", ".png", "the threshold plot (PNG)")
    want = ("-" if name == "-" else name.rpartition(".")[0]) + ".png"
    e = info.value
    words = shlex.split(e.fix)  # the command line's: one word for the file, whatever it holds
    assert words[1:] in (["--plot", want], [f"--plot={want}"]), e.fix
    assert _keyword(e.renamed({"--plot": "path"}, kind="argument").fix) == ("path", want)
    config = e.renamed({"--plot": "outputs.plot"}).fix
    assert yaml.safe_load(config.removeprefix("e.g. ")) == {"outputs": {"plot": want}}


def test_store_name_example_in_python_words():
    with pytest.raises(EthicLensInputError) as info:
        check_store_name("my runs.json", "--out")
    assert _keyword(info.value.renamed({"--out": "out"}).fix) == ("out", "my runs.sqlite")
