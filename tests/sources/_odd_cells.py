"""Cells that are no one value for the odd-cell tests (round 37): objects whose ``==`` or
``hash`` raises, shown by a short repr in the refusals."""


class RaisingEq:
    def __eq__(self, other):
        raise RuntimeError("eq")

    __hash__ = object.__hash__

    def __repr__(self):
        return "RaisingEq()"


class RaisingHash:
    def __hash__(self):
        raise RuntimeError("hash")

    def __repr__(self):
        return "RaisingHash()"
