"""Batch play: run many seeded games with bots, summarise them with honest confidence intervals."""
