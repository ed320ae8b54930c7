import { contextBridge, ipcRenderer } from 'electron';
import { bridgeChannel, convertProgressChannel, type FacturxBridge } from '../core/bridge/facturx-bridge';

/** One named operation per IPC channel; the page never chooses a channel itself. */
const api = {
  validate: (request) => ipcRenderer.invoke(bridgeChannel('validate'), request),
  extract: (request) => ipcRenderer.invoke(bridgeChannel('extract'), request),
  convert: (request, callId) =>
    callId === undefined
      ? ipcRenderer.invoke(bridgeChannel('convert'), request)
      : ipcRenderer.invoke(bridgeChannel('convert'), request, callId),
  cancelConvert: (callId) => ipcRenderer.invoke(bridgeChannel('cancelConvert'), callId),
  // The page gets the call's name and its progress, never the IPC event (and with it the sender).
  onConvertProgress: (listener) => {
    const forward = (_event: unknown, callId: string, progress: Parameters<typeof listener>[1]) =>
      listener(callId, progress);
    ipcRenderer.on(convertProgressChannel, forward);
    return () => void ipcRenderer.removeListener(convertProgressChannel, forward);
  },
  repair: (request) => ipcRenderer.invoke(bridgeChannel('repair'), request),
  contract: () => ipcRenderer.invoke(bridgeChannel('contract')),
  limits: () => ipcRenderer.invoke(bridgeChannel('limits')),
  profiles: (request, lang) => ipcRenderer.invoke(bridgeChannel('profiles'), request, lang),
  report: (reports, lang) => ipcRenderer.invoke(bridgeChannel('report'), reports, lang),
  openFileDialog: (kind) => ipcRenderer.invoke(bridgeChannel('openFileDialog'), kind),
  saveFile: (suggestedName, bytes) => ipcRenderer.invoke(bridgeChannel('saveFile'), suggestedName, bytes),
  saveToFolder: (files) => ipcRenderer.invoke(bridgeChannel('saveToFolder'), files),
  queueList: () => ipcRenderer.invoke(bridgeChannel('queueList')),
  queueAdd: (entries) => ipcRenderer.invoke(bridgeChannel('queueAdd'), entries),
  queueUpdate: (id, change) => ipcRenderer.invoke(bridgeChannel('queueUpdate'), id, change),
  queueRemove: (ids) => ipcRenderer.invoke(bridgeChannel('queueRemove'), ids),
} satisfies FacturxBridge;

contextBridge.exposeInMainWorld('facturx', api);
