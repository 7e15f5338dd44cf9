"""What every ruleset's part of the scenario schema shares."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, ValidationInfo, field_validator

from ..errors import ScenarioError
from ._load import raise_validation

__all__ = ["StrictModel", "check_unique_ids", "validate"]

Model = TypeVar("Model", bound=BaseModel)


class StrictModel(BaseModel):
    """Unknown keys are errors, values are frozen, and NaN or infinity is no number of ours."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    @field_validator("*", mode="before")
    @classmethod
    def _no_yes_for_a_number(cls, value: Any, info: ValidationInfo) -> Any:
        """YAML reads ``altitude: yes`` as true, and pydantic would take it for 1: refuse it."""
        field = cls.model_fields.get(info.field_name or "")
        if field is not None and "bool" not in str(field.annotation) and _has_bool(value):
            raise ValueError("expected a number or a word here, not true/false (YAML reads "
                             "yes/no/on/off as true/false: quote it if you meant the word)")
        return value


def _has_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return True
    if isinstance(value, list | tuple):
        return any(_has_bool(item) for item in value)
    return False


def validate(model: type[Model], data: dict[str, Any], source: str) -> Model:
    """``model`` validated from ``data``, or a ``ScenarioError`` naming file, place, expectation."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise_validation(exc, source)
        raise  # pragma: no cover - raise_validation always raises


def check_unique_ids(ids: Iterable[str], key: str, kind: str = "creature") -> None:
    """Every id under ``key`` (``creatures``, ``units``) names one creature only."""
    seen: set[str] = set()
    for i, ident in enumerate(ids):
        if ident in seen:
            raise ScenarioError(f"duplicate {kind} id {ident!r}; ids must be unique",
                                where=f"{key}[{i}].id")
        seen.add(ident)
