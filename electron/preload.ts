import { contextBridge, ipcRenderer } from 'electron';
import { bridgeChannel, type FacturxBridge } from '../core/bridge/facturx-bridge';

/** One named operation per IPC channel; the page never chooses a channel itself. */
const api = {
  validate: (request) => ipcRenderer.invoke(bridgeChannel('validate'), request),
  extract: (request) => ipcRenderer.invoke(bridgeChannel('extract'), request),
  convert: (request) => ipcRenderer.invoke(bridgeChannel('convert'), request),
  repair: (request) => ipcRenderer.invoke(bridgeChannel('repair'), request),
  contract: () => ipcRenderer.invoke(bridgeChannel('contract')),
  profiles: (request, lang) => ipcRenderer.invoke(bridgeChannel('profiles'), request, lang),
  report: (reports, lang) => ipcRenderer.invoke(bridgeChannel('report'), reports, lang),
  openFileDialog: (kind) => ipcRenderer.invoke(bridgeChannel('openFileDialog'), kind),
  saveFile: (suggestedName, bytes) => ipcRenderer.invoke(bridgeChannel('saveFile'), suggestedName, bytes),
} satisfies FacturxBridge;

contextBridge.exposeInMainWorld('facturx', api);
