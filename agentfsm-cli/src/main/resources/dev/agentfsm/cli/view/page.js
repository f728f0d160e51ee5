// agent-fsm trace viewer: inlined into each page by TracePage. Steps through one round at a time:
// the round's states and moves are highlighted in the diagrams, the current step more strongly.
// The location's hash (#round=2&step=3, both from 1) selects a round and a step, and follows them.
(function () {
  'use strict';
  var rows = Array.prototype.slice.call(document.querySelectorAll('tr.step'));
  var summaries = Array.prototype.slice.call(document.querySelectorAll('.round-summary'));
  var states = Array.prototype.slice.call(document.querySelectorAll('svg g.state'));
  var moves = Array.prototype.slice.call(document.querySelectorAll('svg g.move'));
  var select = document.getElementById('round');
  var position = document.getElementById('position');
  var rounds = select.options.length;
  var round = 0;
  var step = 0;

  function rowsOf(r) {
    return rows.filter(function (row) { return row.getAttribute('data-round') === String(r); });
  }

  function show() {
    var current = rowsOf(round);
    step = Math.max(0, Math.min(step, current.length - 1));
    var now = current[step];
    var visited = {};
    var taken = {};
    rows.forEach(function (row) { row.hidden = row.getAttribute('data-round') !== String(round); });
    summaries.forEach(function (summary) { summary.hidden = summary.getAttribute('data-round') !== String(round); });
    current.forEach(function (row, i) {
      var from = row.getAttribute('data-from');
      var to = row.getAttribute('data-to');
      visited[from] = true;
      if (to) {
        visited[to] = true;
        taken[from + ' ' + to] = true;
      }
      row.classList.toggle('current', i === step);
    });
    var nowFrom = now ? now.getAttribute('data-from') : '';
    var nowTo = now ? now.getAttribute('data-to') : '';
    states.forEach(function (state) {
      var status = state.getAttribute('data-status');
      state.classList.toggle('visited', visited[status] === true);
      state.classList.toggle('current', status === nowFrom);
    });
    moves.forEach(function (move) {
      var key = move.getAttribute('data-from') + ' ' + move.getAttribute('data-to');
      move.classList.toggle('taken', taken[key] === true);
      move.classList.toggle('current', nowTo !== '' && key === nowFrom + ' ' + nowTo);
    });
    position.textContent = current.length === 0 ? 'no steps' : 'step ' + (step + 1) + ' of ' + current.length;
    select.value = String(round);
    try {
      history.replaceState(null, '', '#round=' + (round + 1) + '&step=' + (step + 1));
    } catch (ignored) {
      // some browsers refuse history changes on file: pages; the hash is a convenience only
    }
  }

  function go(r, s) {
    round = Math.max(0, Math.min(r, rounds - 1));
    step = s;
    show();
    var row = rowsOf(round)[step];
    if (row && row.scrollIntoView) {
      row.scrollIntoView({block: 'nearest'});
    }
  }

  function fromHash() {
    var match = /round=(\d+)(?:&step=(\d+))?/.exec(location.hash);
    if (match) {
      round = Math.max(0, Math.min(parseInt(match[1], 10) - 1, rounds - 1));
      step = match[2] ? parseInt(match[2], 10) - 1 : 0;
    }
  }

  document.getElementById('first').addEventListener('click', function () { go(round, 0); });
  document.getElementById('prev').addEventListener('click', function () { go(round, step - 1); });
  document.getElementById('next').addEventListener('click', function () { go(round, step + 1); });
  document.getElementById('last').addEventListener('click', function () { go(round, rowsOf(round).length - 1); });
  select.addEventListener('change', function () { go(parseInt(select.value, 10), 0); });
  rows.forEach(function (row) {
    row.addEventListener('click', function () {
      go(parseInt(row.getAttribute('data-round'), 10), parseInt(row.getAttribute('data-step'), 10));
    });
  });
  document.addEventListener('keydown', function (event) {
    if (event.target === select || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    var keys = {
      ArrowRight: function () { go(round, step + 1); },
      ArrowDown: function () { go(round, step + 1); },
      ArrowLeft: function () { go(round, step - 1); },
      ArrowUp: function () { go(round, step - 1); },
      Home: function () { go(round, 0); },
      End: function () { go(round, rowsOf(round).length - 1); },
      PageDown: function () { go(round + 1, 0); },
      PageUp: function () { go(round - 1, 0); }
    };
    if (keys[event.key]) {
      event.preventDefault();
      keys[event.key]();
    }
  });
  fromHash();
  show();
}());
