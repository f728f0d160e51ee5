package dev.agentfsm.agents.windows.browser;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * UFO's key notation (pywinauto's {@code send_keys}) as Playwright key presses: {@code ^} is Control,
 * {@code %} Alt, {@code +} Shift, each for the next key; {@code {ENTER}}, {@code {TAB}} and the other
 * named keys in braces; any other character is typed as itself.
 */
final class Keys {
    private static final Map<String, String> NAMED = Map.ofEntries(
            Map.entry("ENTER", "Enter"),
            Map.entry("TAB", "Tab"),
            Map.entry("ESC", "Escape"),
            Map.entry("ESCAPE", "Escape"),
            Map.entry("BACKSPACE", "Backspace"),
            Map.entry("BS", "Backspace"),
            Map.entry("DELETE", "Delete"),
            Map.entry("DEL", "Delete"),
            Map.entry("HOME", "Home"),
            Map.entry("END", "End"),
            Map.entry("UP", "ArrowUp"),
            Map.entry("DOWN", "ArrowDown"),
            Map.entry("LEFT", "ArrowLeft"),
            Map.entry("RIGHT", "ArrowRight"),
            Map.entry("PGUP", "PageUp"),
            Map.entry("PGDN", "PageDown"),
            Map.entry("SPACE", " "),
            Map.entry("F2", "F2"),
            Map.entry("F5", "F5"));

    private Keys() {}

    /** The presses for {@code keys}, e.g. {@code "^c"} is {@code ["Control+c"]}, {@code "ab{ENTER}"} is {@code ["a", "b", "Enter"]}. */
    static List<String> playwright(String keys) {
        List<String> presses = new ArrayList<>();
        StringBuilder modifiers = new StringBuilder();
        int i = 0;
        while (i < keys.length()) {
            char c = keys.charAt(i);
            String key;
            if (c == '^' || c == '%' || c == '+') {
                modifiers.append(c == '^' ? "Control+" : c == '%' ? "Alt+" : "Shift+");
                i++;
                continue;
            } else if (c == '{') {
                int end = keys.indexOf('}', i + 1);
                if (end < 0) {
                    throw new IllegalArgumentException("'" + keys + "' opens a brace at " + i + " and never closes it");
                }
                String name = keys.substring(i + 1, end).toUpperCase(Locale.ROOT);
                key = NAMED.getOrDefault(name, name.length() == 1 ? name.toLowerCase(Locale.ROOT) : name);
                i = end + 1;
            } else {
                key = String.valueOf(c);
                i++;
            }
            presses.add(modifiers + key);
            modifiers.setLength(0);
        }
        return presses;
    }
}
