"""A fixed integer for every action a game's setup can offer, and a legal-action mask: the encoding
each game's research module builds (:mod:`deadboard.core.research`, where it is defined and
documented), as the adapters read it."""

from deadboard.core.research import ActionEncoding, EncodingError, Template, Token, Vocabulary, vocab

__all__ = ["ActionEncoding", "EncodingError", "Template", "Token", "Vocabulary", "vocab"]
