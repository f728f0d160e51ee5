package dev.agentfsm.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentfsm.runtime.MachineDoubles;
import java.util.List;
import org.junit.jupiter.api.Test;

class FingerprintTest {

    @Test
    void theFingerprintCoversEveryMachineReachedByHandOffs() {
        String host = Fingerprint.of(MachineDoubles.HostStatus.CONTINUE.machine());
        assertTrue(host.matches("sha256:[0-9a-f]{64}"), host);
        assertEquals(
                host, Fingerprint.of(MachineDoubles.HostStatus.CONTINUE.machine()), "the same tables, the same print");
        assertEquals(
                List.of("AppAgent", "HostAgent"), Fingerprint.machines(MachineDoubles.HostStatus.CONTINUE.machine()));
        assertEquals(
                host,
                Fingerprint.of(MachineDoubles.AppStatus.CONTINUE.machine()),
                "host and app reach each other: one set of tables");
        String text = Fingerprint.canonical(MachineDoubles.HostStatus.CONTINUE.machine());
        assertTrue(text.startsWith("machine AppAgent\n"), text);
        assertTrue(
                text.contains("  state PENDING terminal=false endsRound=false endsSubtask=false\n"
                        + "    move HostAgent.CONTINUE USER\n    move HostAgent.FAIL TIMEOUT\n"),
                text);
    }
}
