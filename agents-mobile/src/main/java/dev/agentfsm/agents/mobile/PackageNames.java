package dev.agentfsm.agents.mobile;

import java.util.List;
import java.util.Locale;

/** Turns what the LLM called an app into installed package names. */
final class PackageNames {
    private PackageNames() {}

    /**
     * The packages {@code app} may mean: itself when it is installed; otherwise the installed packages
     * containing it ("settings" finds {@code com.android.settings}), narrowed to the one that ends with
     * it when several contain it. Exactly one candidate is an answer; none or several are not.
     */
    static List<String> candidates(String app, List<String> installed) {
        String wanted = app.strip();
        if (installed.contains(wanted)) {
            return List.of(wanted);
        }
        String word = wanted.toLowerCase(Locale.ROOT);
        List<String> matches = installed.stream()
                .filter(p -> p.toLowerCase(Locale.ROOT).contains(word))
                .toList();
        if (matches.size() > 1) {
            List<String> endings = matches.stream()
                    .filter(p -> p.toLowerCase(Locale.ROOT).endsWith("." + word))
                    .toList();
            return endings.size() == 1 ? endings : matches;
        }
        return matches;
    }
}
