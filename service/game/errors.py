"""The core's error types: what a caller catches when the input itself is unusable.

A transcript that breaks the rules is no error: :func:`service.game.check` reports it
as violations. These are for input the core cannot read at all.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from service.game.near import Suggester

# At most this many field errors are kept in one error (``count`` gives the total).
MAX_ERRORS: Final = 100


def pointer_token(key: object) -> str:
    """One reference token of a JSON pointer (RFC 6901 escapes ``~`` and ``/``)."""
    return str(key).replace("~", "~0").replace("/", "~1")


@dataclass(frozen=True, slots=True)
class FieldError:
    """One defect of the input's shape: where (a JSON pointer) and what."""

    pointer: str
    message: str

    def as_dict(self) -> dict[str, str]:
        return {"pointer": self.pointer, "message": self.message}

    def under(self, pointer: str) -> FieldError:
        """The same error in a part read on its own, placed under ``pointer``."""
        return FieldError(pointer + self.pointer, self.message)


@dataclass(frozen=True, slots=True)
class LateError:
    """A field error whose message is written only if it is one of those kept (the first
    :data:`MAX_ERRORS`): a suggestion or the names a message lists cost work that only a
    message shown is worth, and a request may hold thousands of such errors."""

    pointer: str
    write: Callable[[Suggester], str]

    def under(self, pointer: str) -> LateError:
        return LateError(pointer + self.pointer, self.write)

    def written(self, suggester: Suggester) -> FieldError:
        return FieldError(self.pointer, self.write(suggester))


Found = FieldError | LateError  # a field error as a reader finds it


class DokoError(ValueError):
    """The base of every error the rules core raises."""


class TranscriptError(DokoError):
    """A transcript that cannot be checked: wrong types, missing or unknown fields.

    ``errors`` holds every field error found (at most :data:`MAX_ERRORS`; ``count`` is
    the total), each with its JSON pointer into the data.
    """

    def __init__(self, errors: Sequence[Found], count: int | None = None,
                 what: str = "transcript"):
        self.count = len(errors) if count is None else count
        # In a stable order (by pointer, array indices as numbers: /play/2 before
        # /play/10), so that two servers answer alike and the cut keeps the first ones;
        # nsmallest is sorted()[:MAX_ERRORS] holding MAX_ERRORS sort keys, not one per
        # error (a body of 130,000 unknown options made 50 MiB of keys).
        self.kept: list[Found] = heapq.nsmallest(MAX_ERRORS, errors, key=pointer_order)
        self._written: list[FieldError] | None = None
        self.what = what
        noun = f"{self.count} field error" + ("s" if self.count != 1 else "")
        detail = f"The {what} has {noun}"
        if self.count > len(self.kept):
            detail += f"; the first {len(self.kept)} are listed"
        self.detail = detail + "."
        super().__init__(self.detail)

    @property
    def errors(self) -> list[FieldError]:
        """The errors kept, their messages written (in order: the first ones shown get
        the suggestions)."""
        if self._written is None:
            suggester = Suggester()
            self._written = [e.written(suggester) if isinstance(e, LateError) else e
                             for e in self.kept]
        return self._written


def unescape_token(token: str) -> str:
    """A JSON pointer's reference token as the key it names (RFC 6901)."""
    return token.replace("~1", "/").replace("~0", "~")


def pointer_order(error: Found) -> tuple[tuple[int, int | str], ...]:
    """A field error's place for sorting: its pointer's tokens, indices as numbers."""
    return tuple(map(token_order, error.pointer.split("/")[1:]))


def token_order(token: str) -> tuple[int, int | str]:
    """A reference token's place among its siblings: indices as numbers, before keys."""
    return (0, int(token)) if token.isascii() and token.isdigit() else (1, token)


class Omitted:
    """The key under which marshmallow-style messages count the errors a reader found
    but did not keep (beyond the :data:`MAX_ERRORS` that can be shown); a class, so that
    no key a client sends can be taken for it."""


def omitted(messages: Any) -> int:
    """The errors counted but not kept in nested messages (see :class:`Omitted`)."""
    if not isinstance(messages, dict):
        return 0
    return sum(value if key is Omitted else omitted(value) for key, value in messages.items())


def field_errors(messages: Any, pointer: str = "") -> list[FieldError]:
    """Flatten marshmallow's nested error messages into :class:`FieldError` entries.

    ``_schema`` holds errors about the element itself, so it keeps the parent's pointer.
    """
    if isinstance(messages, dict):
        found = []
        for key, value in messages.items():
            if key is Omitted:
                continue
            here = pointer if key == "_schema" else f"{pointer}/{pointer_token(key)}"
            found.extend(field_errors(value, here))
        return found
    if isinstance(messages, list):
        found = []
        for message in messages:
            found.extend(field_errors(message, pointer))
        return found
    return [FieldError(pointer, str(messages))]
