/**
 * The device side: what a device driver implements ({@link dev.agentfsm.runtime.device.DeviceDriver},
 * its actions, observations and errors). SPI: drivers implement it, agents call it.
 */
package dev.agentfsm.runtime.device;
