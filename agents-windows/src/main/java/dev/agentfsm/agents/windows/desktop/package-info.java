/**
 * The desktop driver SPI of the Windows agents: windows, screenshots, controls and input. The
 * agents depend on {@link dev.agentfsm.agents.windows.desktop.DesktopDriver} only, so a real driver
 * replaces the simulated one without touching the machines.
 */
package dev.agentfsm.agents.windows.desktop;
