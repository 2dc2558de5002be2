"""pydantic models for what is checked when it is used, not when a game loads: rulings (read on
first use) and scenario descriptions (built by the rulings explorer and the editor, which reads
their pydantic fields to draw its controls). Card, rule and flow data use ``core.schema.Strict``,
which needs no pydantic once its data is cached."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Strict(BaseModel):
    """Base for such models: unknown keys are errors (a typo must not pass silently)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
