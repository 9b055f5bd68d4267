"""Prompts, asked inline on the table: one registry maps each decision kind to its
prompter (``registry.PROMPTS``); each rule set's prompt module adds its kinds."""

from . import classic, party  # noqa: F401  (they register their prompters)
from .host import PromptHost
from .panel import PromptPanel
from .question import PAGE, Option, Question
from .registry import PROMPTS, PromptContext, Prompter, prompter_for, register

__all__ = ["PromptHost", "PromptPanel", "Option", "Question", "PAGE", "PROMPTS", "PromptContext", "Prompter",
           "prompter_for", "register"]
