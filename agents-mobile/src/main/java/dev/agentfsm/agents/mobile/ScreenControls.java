package dev.agentfsm.agents.mobile;

import dev.agentfsm.runtime.device.DriverException;
import dev.agentfsm.runtime.internal.SafeText;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The screen's UI tree and its controls, read together so that ids always match the tree, and kept
 * while fresh. It decides whether a control id may still be acted on: not once the controls have
 * expired or an action has run since they were read. Both drivers keep their controls here.
 */
final class ScreenControls {

    /**
     * The UI tree and the controls read from it.
     *
     * @param tree the tree as the device gave it: adb's uiautomator XML, or mobile-mcp's element list
     * @param controls the controls, with their ids
     */
    record Snapshot(String tree, List<Control> controls) {}

    private final TtlCache<Snapshot> cache;

    ScreenControls(Duration ttl, Clock clock) {
        this.cache = new TtlCache<>(ttl, clock);
    }

    /** The fresh snapshot, or a new one {@code reader} reads from the device. */
    Snapshot read(TtlCache.Loader<Snapshot> reader) throws DriverException {
        return cache.get(reader).value();
    }

    /** The screen has (or may have) changed: the next read asks the device, and ids read so far are refused. */
    void invalidate() {
        cache.invalidate();
    }

    /** Control {@code id} from the last read, if it may be acted on now; otherwise why not. */
    Usable usable(int id) {
        Optional<TtlCache.Entry<Snapshot>> last = cache.last();
        if (last.isEmpty()) {
            return Usable.refused(
                    "control " + id + " is unknown: no controls have been read yet; observe the screen first");
        }
        if (cache.invalidated()) {
            return Usable.refused("control " + id + " comes from a screen that has changed since (an action ran after"
                    + " the controls were read); observe the screen again and use the new ids");
        }
        Duration age = cache.age(last.get());
        if (age.compareTo(cache.ttl()) >= 0) {
            return Usable.refused(
                    "control " + id + " comes from controls read " + age.toMillis() + " ms ago, older than "
                            + cache.ttl().toMillis() + " ms, so the screen may have changed; observe the screen again");
        }
        List<Control> controls = last.get().value().controls();
        return controls.stream()
                .filter(c -> c.id() == id)
                .findFirst()
                .map(Usable::of)
                .orElseGet(() -> Usable.refused(
                        "there is no control " + id + " on the screen; the ids are 1 to " + controls.size()));
    }

    /** A note for an action's result when the LLM named control {@code control} differently; empty otherwise. */
    static String nameMismatch(Control control, Optional<String> expected) {
        // the model read the shown name in its prompt and may give it back as it read it
        return expected.filter(n -> !n.isBlank() && !n.equals(control.name()) && !n.equals(control.shownName()))
                .map(n -> " (note: control " + control.id() + " is named \"" + control.shownName() + "\", not \""
                        + SafeText.line(n, 200) + "\")")
                .orElse("");
    }

    /** The controls as prompt lines, one per control. */
    static String describe(List<Control> controls) {
        return controls.isEmpty()
                ? "(no controls)"
                : controls.stream().map(Control::describe).collect(Collectors.joining("\n"));
    }

    /**
     * A control that may be acted on, or the reason it may not.
     *
     * @param control the control, when usable
     * @param refusal why not, otherwise
     */
    record Usable(Optional<Control> control, Optional<String> refusal) {
        static Usable of(Control control) {
            return new Usable(Optional.of(control), Optional.empty());
        }

        static Usable refused(String reason) {
            return new Usable(Optional.empty(), Optional.of(reason));
        }
    }
}
