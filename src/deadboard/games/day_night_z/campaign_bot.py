"""A heuristic player for the Day Night Z campaign: in an adventure it plays as the adventure's own
heuristic bot; on the road it takes the route with the fewest travel events to expect and votes for
the option that hurts least; in the shelter it heals the hurt, cures the infected and rests the
stressed, buys the skills whose perks help it most (fights and escapes first), builds the
Infirmary, the Supply zone, the Training zone and the fence with the group's victory points,
upgrades the Rest zone to take in allies, and keeps supplies in the warehouse; the leader takes the group out once everyone is fit or the next
adventure allows no more days."""

from __future__ import annotations

from collections.abc import Sequence

from deadboard.core.action import Action
from deadboard.core.game import Game
from deadboard.core.heuristic import HeuristicBot as HeuristicBase
from deadboard.core.heuristic import decides
from deadboard.core.rng import derive_seed
from deadboard.games.day_night_z import facilities as F
from deadboard.games.day_night_z.bot import HeuristicBot, HurryBot
from deadboard.games.day_night_z.campaign import ADVENTURE, Depart, PlayAdventure
from deadboard.games.day_night_z.campaign_cards import AskCardSpend, GoOn, TendChoice, UseCard, stock
from deadboard.games.day_night_z.campaign_content import CampaignEffect
from deadboard.games.day_night_z.campaign_state import CampaignState, Hero
from deadboard.games.day_night_z.effects import AskSpend, CastVote, Spend, Vote
from deadboard.games.day_night_z.growth import sheet
from deadboard.games.day_night_z.shelter import Leave, Stay, Visit
from deadboard.games.day_night_z.travel import PlanRoute, Travel, expected_events

#: what the group builds first with its victory points
BUILD_ORDER = ("infirmary", "supply-zone", "training-zone", "fence", "workshop")
#: what it upgrades first (the advanced Rest zone takes in allies)
UPGRADE_ORDER = ("infirmary", "rest-zone", *BUILD_ORDER[1:])
#: allies a survivor takes in at the Rest zone before the group's points go elsewhere
ALLIES_WANTED = 2
#: the weight of one point of each effect when voting
WORTH = {
    "damage": -2.0,
    "heal": 1.0,
    "stress": -0.7,
    "relax": 0.5,
    "sp": 0.5,
    "supplies": 0.8,
    "ammo": 0.3,
    "battery": 0.2,
    "infection": -3.0,
    "cure": 2.0,
    "item": 1.5,
    "ally": 3.0,
    "block": -0.5,
}


#: what one point of a skill's perk is worth to the bot (skill_effects.py)
PERK_WORTH = {
    "attack-dice": 3.0,
    "damage": 3.0,
    "pierce": 2.5,
    "defence": 3.0,
    "calm": 2.0,
    "escape": 2.0,
    "pathfinder": 2.0,
    "rounds": 2.0,
    "search-draw": 1.5,
    "card-heal": 1.0,
    "rest": 0.5,
    "light": 0.5,
    "trap-damage": 0.2,
}
CHECK_WORTH = {"agility": 2.5, "perception": 2.0, "first_aid": 1.5, "will": 1.0, "strength": 1.0}


def worth(effects: Sequence[CampaignEffect]) -> float:
    total = 0.0
    for e in effects:
        if e.kind == "check":
            total += 0.5 * worth(e.success) + 0.5 * worth(e.fail)
        elif e.kind in ("item", "ally", "block"):
            total += WORTH[e.kind]
        else:
            total += WORTH.get(e.kind, 0.0) * e.n
    return total


class CampaignBot(HeuristicBase[CampaignState]):
    """The campaign's heuristic player: a method per decision step (a decision without one takes the
    first legal action)."""

    def __init__(self, game: Game[CampaignState], seat: int, seed: int) -> None:
        super().__init__(game, seat, seed)
        #: days over the adventure's allowance the leader waits for the group to heal
        self.patience = 2
        self.adventure = HeuristicBot(ADVENTURE, seat, derive_seed("adventure", seed))

    def otherwise(self, state: CampaignState, legal: Sequence[Action]) -> Action:
        return legal[0]

    @decides(PlayAdventure)
    def _adventure(self, st: CampaignState, legal: Sequence[Action]) -> Action | None:
        """In an adventure, the adventure's own heuristic player."""
        return self.adventure.choose(ADVENTURE, st.inner, legal) if st.inner is not None else None

    @decides(PlanRoute)
    def _route(self, st: CampaignState, legal: Sequence[Action]) -> Action:
        """The route with the fewest travel events to expect (the shorter of two)."""
        def events(a: Action) -> tuple[float, int]:
            assert isinstance(a, Travel)
            return (expected_events(st, a.route.split("+")), len(a.route))

        return min(legal, key=events)

    @decides(CastVote)
    def _vote(self, st: CampaignState, legal: Sequence[Action]) -> Action:
        """The option that hurts least."""
        step = st.steps[-1]
        assert isinstance(step, CastVote)
        options = step.effect.options

        def value(a: Action) -> float:
            assert isinstance(a, Vote)
            return worth(options[a.option - 1].effects)

        return max(legal, key=value)

    @decides(AskCardSpend)
    def _card_spend(self, st: CampaignState, legal: Sequence[Action]) -> Action:
        """A card's check (the card is lost on a failure): a survival point while two are left."""
        step = st.steps[-1]
        assert isinstance(step, AskCardSpend)
        return Spend(st.hero(step.who).sp >= 2)

    @decides(AskSpend)
    def _spend(self, st: CampaignState, legal: Sequence[Action]) -> Action:
        """A survival point where much is at stake (less for the group's check)."""
        step = st.steps[-1]
        assert isinstance(step, AskSpend)
        at_stake = -worth(step.effect.fail) + worth(step.effect.success)
        wants = at_stake >= 2.0 or (step.group and at_stake >= 1.0)
        return Spend(wants) if Spend(wants) in legal else legal[0]

    @decides(TendChoice)
    def _tend(self, st: CampaignState, legal: Sequence[Action]) -> Action:
        step = st.steps[-1]
        assert isinstance(step, TendChoice)
        return self._card(st, st.hero(step.who), legal, "road") or GoOn()

    @decides(Depart)
    def _depart(self, st: CampaignState, legal: Sequence[Action]) -> Action:
        """The group sets out once everyone is fit, or the next adventure allows no more days."""
        chapter = st.content.chapters[st.chapter]
        fit = all(
            h.health >= sheet(st, h).health - 2 and h.stress < 3 and h.infection == 0 for h in st.living()
        )
        if fit or st.days >= chapter.days + self.patience or Stay() not in legal:
            return Leave()
        return Stay()

    @decides(Visit)
    def _visit(self, st: CampaignState, legal: Sequence[Action]) -> Action:
        step = st.steps[-1]
        assert isinstance(step, Visit)
        h = st.hero(step.who)
        time = step.time
        for f in BUILD_ORDER:
            if F.Build(f) in legal:
                return F.Build(f)
        for f in UPGRADE_ORDER:
            if F.Upgrade(f) in legal and st.vp >= 5:
                return F.Upgrade(f)
        welcome = F.Use("rest-zone", "welcome")
        if welcome in legal and len(h.allies) < ALLIES_WANTED and h.health > sheet(st, h).health // 2:
            return welcome
        learn = [a for a in legal if isinstance(a, F.Learn)]
        if learn:
            return max(learn, key=lambda a: self._skill_value(st, h, a.skill))
        card = self._card(st, h, legal, "shelter")
        if card is not None:
            return card
        for want in self._wants(st, h, time):
            if want in legal:
                return want
        return F.Idle()

    def _card(self, st: CampaignState, h: Hero, legal: Sequence[Action], where: str) -> Action | None:
        """A health card outside the adventure, kept for the city unless it is needed now: a vaccine
        when the infection runs high (or, on the road, at all), a dressing for deep wounds, painkillers
        for a stress that would colour his checks; in the shelter the Infirmary is tried first."""
        search = st.content.adventure.search
        top = sheet(st, h).health
        infirmary = where == "shelter" and "infirmary" in st.facilities
        for a in legal:
            if not isinstance(a, UseCard):
                continue
            card = search[a.item]
            if card.cure and (h.infection >= 2 or (not infirmary and h.infection >= 1)):
                return a
            if card.heal and h.health <= (top // 2 if infirmary else top - 3):
                return a
            if card.stress < 0 and h.stress >= 4:
                return a
            # in the shelter an ammo box or batteries become counters that take no backpack room;
            # food is eaten when nothing is left for the feeding check
            if where == "shelter" and stock(card) and (not card.supply or h.supplies == 0):
                return a
        return None

    def _skill_value(self, st: CampaignState, h: Hero, skill_id: str) -> float:
        """What a skill is worth to this survivor: its perks by kind (the fights and the escapes
        that kill survivors first), an attack perk by the kind of weapon he carries."""
        skill = st.content.skills[skill_id]
        search = st.content.adventure.search
        kinds = {search[i].kind for i in h.items if search[i].weapon}
        value = 2.5 * skill.health
        for p in skill.perks:
            worth = PERK_WORTH.get(p.kind, 0.5)
            if p.kind == "check-dice":
                worth = CHECK_WORTH.get(p.attribute, 0.5)
            elif p.kind == "ap":
                worth = 3.0 if p.health in ("", "green") else 1.5
            if p.mode:
                worth *= 1.0 if p.mode in kinds else 0.4
            value += worth * p.n
        return value - skill.level * 0.1

    def _wants(self, st: CampaignState, h: Hero, time: str) -> list[Action]:
        top = sheet(st, h).health
        out: list[Action] = []
        if h.supplies < sheet(st, h).supply_use:  # tonight's meal first: hunger kills the wounded
            out += [F.Use("warehouse", "take")] if st.store else [F.Use("supply-zone", "forage")]
        if h.infection > 0:
            out.append(F.Use("infirmary", "cure"))
        if h.health <= top - 3:
            out.append(F.Use("infirmary", "treat"))
        if h.stress >= 3 or h.health < top:
            out.append(F.Use("rest-zone", "rest"))
        need = sheet(st, h).supply_use * 2
        if h.supplies < need:
            out.append(F.Use("warehouse", "take"))
        out += [F.Use("supply-zone", "forage"), F.Use("training-zone", "train"), F.Use("workshop", "reload")]
        if h.supplies > need + 2:
            out.append(F.Use("warehouse", "store"))
        out.append(F.Use("rest-zone", "rest"))
        return out


class CampaignHurryBot(CampaignBot):
    """The campaign's heuristic with the adventure's :class:`~.bot.HurryBot` in the adventures: a
    way of playing search compares with the heuristic's own (``mcts:N+heuristic+hurry``)."""

    def __init__(self, game: Game[CampaignState], seat: int, seed: int) -> None:
        super().__init__(game, seat, seed)
        self.adventure = HurryBot(ADVENTURE, seat, derive_seed("adventure", seed))
