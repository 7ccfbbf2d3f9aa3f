// Inlined by the build (scripts/prerender.ts) into a signed-in page's prerendered shell, right after
// the balance's place, so it runs while the page is still being read, before any other script: it
// starts reading the answers the app saved, puts in the last balance this device was given
// (src/app/lib/last-balance.ts keeps it: the same key and shape) and, online, asks the server for
// the current one without waiting for the app. It does nothing without a session cookie, so a
// signed-out visitor never sees a stored figure. The app then renders the page over the shell with
// the same figure. Online, it also starts the page's first calls (the build writes their list in,
// from src/domain/signed-in-shells.ts) and leaves their answers for the app to take once
// (src/app/lib/first-answers.ts). The server allows exactly this script by its hash
// (Content-Security-Policy), which the build writes beside the pages.
(function () {
  function readCookie(name) {
    var prefix = name + '=';
    var parts = document.cookie.split('; ');
    for (var index = 0; index < parts.length; index++) {
      if (parts[index].indexOf(prefix) === 0) return decodeURIComponent(parts[index].slice(prefix.length));
    }
    return undefined;
  }
  // The build writes these in from the app's own constants (scripts/prerender.ts).
  var accessTokenCookie = '';
  var refreshTokenCookie = '';
  var tokenExpiresAtKey = '';
  var lastBalanceKey = '';
  var firstCalls = [];
  var renewalMarginMs = 0;
  var savedAnswersDatabase = '';
  var savedAnswersTable = '';
  var savedAnswersKey = '';
  var token = readCookie(accessTokenCookie);
  if (!token && !readCookie(refreshTokenCookie)) return;
  var lang = document.documentElement.lang;

  // The answers the app saved (its query cache) are read from IndexedDB here, while the page is
  // still being read and the app's code loads: opening the database takes the browser tens of
  // milliseconds, which the app otherwise waited for at its start, offline too. Started once the
  // balance is on screen (below), which it would otherwise follow by a millisecond. The app takes
  // this read once (src/app/lib/db-loader.ts, readStoredValue, which reads the same way when there is
  // none): it never creates or upgrades the database, and lets go of it as soon as it has read.
  function startReadingSavedAnswers() {
    try {
      window.roundtripSavedAnswers = { key: savedAnswersKey, value: readSavedAnswers() };
    } catch (error) {
      // IndexedDB refused: the app reads it itself.
    }
  }
  function readSavedAnswers() {
    return new Promise(function (resolve, reject) {
      var opening = indexedDB.open(savedAnswersDatabase);
      var absent = false;
      opening.onupgradeneeded = function () {
        absent = true;
        opening.transaction.abort();
      };
      opening.onerror = function () {
        if (absent) resolve(null);
        else reject(opening.error);
      };
      opening.onsuccess = function () {
        var database = opening.result;
        database.onversionchange = function () {
          database.close();
        };
        if (!database.objectStoreNames.contains(savedAnswersTable)) {
          database.close();
          resolve(null);
          return;
        }
        var reading = database.transaction(savedAnswersTable, 'readonly').objectStore(savedAnswersTable).get(savedAnswersKey);
        reading.onsuccess = function () {
          database.close();
          var row = reading.result;
          resolve(row && typeof row.value === 'string' ? row.value : null);
        };
        reading.onerror = function () {
          database.close();
          reject(reading.error);
        };
      };
    });
  }

  // A token the app renews before it sends anything (it expires within the margin, or its expiry is
  // unknown: src/domain/client-session.ts, needsRenewal)
  // would send these calls with a token on its way out: the app sends them itself, renewed.
  var renewing = true;
  try {
    renewing = Number(localStorage.getItem(tokenExpiresAtKey) || 0) - Date.now() <= renewalMarginMs;
  } catch (error) {
    // Storage refused: the app decides.
  }

  // Online with a live token: the page's calls go out now instead of once the app runs. The app
  // checks the token and language before it takes an answer, and sends the call itself otherwise.
  var answers = {};
  if (token && !renewing && navigator.onLine) {
    for (var index = 0; index < firstCalls.length; index++) {
      answers[firstCalls[index]] = fetch('/api/v2' + firstCalls[index], {
        headers: { Accept: 'application/json', 'Accept-Language': lang, Authorization: 'Bearer ' + token },
      });
      // A failed call is the app's to report, when it sends it again.
      answers[firstCalls[index]].catch(function () {});
    }
    window.roundtripFirstAnswers = { token: token, lang: lang, answers: answers };
  }

  // The server put the session's current balance into the page (src/server/http/signed-in-shell.ts):
  // nothing stored is newer, and there is nothing to ask.
  var served = document.querySelector('[data-balance-slot="shell"]');
  if (served instanceof HTMLElement && served.hasAttribute('data-balance-current')) {
    startReadingSavedAnswers();
    return;
  }

  function show(money) {
    if (!money || typeof money.value !== 'string' || typeof money.currency !== 'string') return;
    // Only the shell's own slot (scripts/prerender.ts marks it): once the app has rendered the page,
    // its figure stands.
    var slot = document.querySelector('[data-balance-slot="shell"]');
    if (!(slot instanceof HTMLElement)) return;
    var text;
    // The text the app showed, when it showed it in this page's language (src/app/lib/last-balance.ts):
    // building a number format first costs the first one in a new process tens of milliseconds.
    var shown = money.shown;
    if (shown && shown.lang === lang && typeof shown.text === 'string') text = shown.text;
    else {
      try {
        // A currency's own digits (ISO 4217: none for the yen, two for the others) are Intl's default,
        // as the app's formatMoney sets them.
        text = new Intl.NumberFormat(lang, { style: 'currency', currency: money.currency }).format(money.value);
      } catch (error) {
        return;
      }
    }
    var figure = document.createElement('p');
    figure.className = 'wallet__balance';
    var amount = document.createElement('span');
    amount.className = 'slot';
    amount.setAttribute('data-testid', 'balance');
    amount.textContent = text;
    figure.appendChild(amount);
    slot.replaceChildren(figure);
  }

  var stored = null;
  try {
    stored = JSON.parse(localStorage.getItem(lastBalanceKey) || 'null');
  } catch (error) {
    // Nothing stored, or storage refused: the shell keeps its loading state.
  }
  show(stored);
  startReadingSavedAnswers();
  // The server's figure, without waiting for the app: read from a copy of the answer the app takes.
  var balance = answers['/user/balance'];
  if (!balance) return;
  balance
    .then(function (response) {
      return response.ok ? response.clone().json() : null;
    })
    .then(
      function (body) {
        if (body && body.data) show(body.data.balance);
      },
      function () {
        // Offline after all, or refused: the app says so when it runs.
      },
    );
})();
