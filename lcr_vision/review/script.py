"""The review page's script, inlined and allowed by its hash in the page's Content-Security-Policy.

It filters the cards by game, player and "corrected or doubtful" (fading the other lines of the
chart), moves between the shown cards with the keyboard (``j``/``k`` or the arrows, Home, End),
shows a photo full size in a dialog (a click, or Enter on a card), and jumps from a roll's column
in the chart to its card (clearing the filters if they hide it). It reads names only back from
escaped attributes, and writes text only through ``textContent``. It holds no words, so that it
and its hash are one for every language: the count of cards shown is the page's template
(``data-of`` on ``#shown``, ``{shown}`` in it for the number).
"""

SCRIPT = """
(() => {
  const cards = Array.from(document.querySelectorAll("article.card"));
  const byId = (id) => document.getElementById(id);
  const game = byId("filter-game"), player = byId("filter-player"), \
flagged = byId("filter-flagged");
  const shown = byId("shown"), viewer = byId("viewer");
  const visible = () => cards.filter((c) => !c.hidden);

  function apply() {
    for (const c of cards) {
      c.hidden = (game.value !== "" && c.dataset.game !== game.value)
        || (player.value !== "" && c.dataset.player !== player.value)
        || (flagged.checked && !c.matches(".corrected, .doubtful"));
    }
    shown.textContent = shown.dataset.of.replace("{shown}", visible().length);
    document.querySelectorAll("#chart .line, .legend li[data-player]").forEach((el) => {
      el.classList.toggle("faded", player.value !== "" && el.dataset.player !== player.value);
    });
    document.querySelectorAll("#chart .game").forEach((el) => {
      el.classList.toggle("faded", game.value !== "" && el.dataset.game !== game.value);
    });
  }
  [game, player, flagged].forEach((el) => el.addEventListener("change", apply));

  function go(card) {
    if (!card) return;
    card.focus({ preventScroll: true });
    card.scrollIntoView({ block: "nearest" });
  }

  function current() {
    const list = visible();
    const at = list.indexOf(document.activeElement);
    if (at >= 0) return { list, at };
    const below = list.findIndex((c) => c.getBoundingClientRect().bottom > 0);
    return { list, at: below < 0 ? list.length : below - 1 };
  }

  function step(by) {
    const { list, at } = current();
    go(list[Math.min(Math.max(at + by, 0), list.length - 1)]);
  }

  function show(link) {
    viewer.querySelector("img").src = link.getAttribute("href");
    viewer.querySelector(".caption").textContent = link.dataset.caption;
    viewer.showModal();
  }

  document.addEventListener("click", (event) => {
    const link = event.target.closest("a.photo");
    const plain = !(event.ctrlKey || event.metaKey || event.shiftKey || event.button);
    if (link && plain) { event.preventDefault(); show(link); return; }
    const column = event.target.closest("[data-goto]");
    if (column) {
      const card = byId(`roll-${column.dataset.goto}`);
      if (card.hidden) { game.value = ""; player.value = ""; flagged.checked = false; apply(); }
      go(card);
    }
    if (event.target === viewer || event.target.closest("dialog .close")) viewer.close();
  });

  const keys = {
    j: () => step(1), ArrowDown: () => step(1), ArrowRight: () => step(1),
    k: () => step(-1), ArrowUp: () => step(-1), ArrowLeft: () => step(-1),
    Home: () => go(visible()[0]), End: () => go(visible().at(-1)),
    g: () => game.focus(), p: () => player.focus(),
    f: () => { flagged.checked = !flagged.checked; apply(); },
    Enter: () => {
      const here = document.activeElement;
      const card = here.closest("article.card");
      const link = here.closest("a.photo") || (card && card.querySelector("a.photo"));
      if (link) show(link);
    },
  };
  document.addEventListener("keydown", (event) => {
    if (viewer.open || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("select, input:not([type=checkbox])")) {
      if (event.key === "Escape") event.target.blur();
      return;
    }
    const act = keys[event.key];
    if (act) { event.preventDefault(); act(); }
  });
  apply();
})();
"""
