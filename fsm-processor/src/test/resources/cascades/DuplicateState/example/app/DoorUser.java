package example.app;

import static example.DoorStatus.CLOSED;

import example.DoorStateManager;
import example.DoorStatus;
import example.DoorTransitionTable;

/** Code of the user's that names the Door machine's generated types, from another package. */
public final class DoorUser {
    public static final DoorStatus FIRST = DoorStatus.OPEN;
    public static final DoorStatus LAST = CLOSED;

    private DoorUser() {}

    public static DoorStateManager manager() {
        return DoorStateManager.instance();
    }

    public static DoorTransitionTable table() {
        return DoorTransitionTable.instance();
    }
}
