import type { TLanguage } from './constants.ts';
import type { TNoticeKey } from './notice-terms.ts';

/**
 * The words of every notice (notice-terms.ts) in the 8 languages, with `{{name}}` places for its
 * parameters: the server writes a money notice's email with them, and the web app's
 * `locales/<language>/messages.json` repeats them under `notice` for the bell and the notifications
 * page (a test there keeps the two equal). Not imported by the web app's pages.
 */
export interface TNoticeWords {
  title: string;
  body: string;
}

export interface TNoticeTexts {
  /** The line under a notice that has a reason (an admin's words, or the platform's). */
  reason: string;
  notices: Record<TNoticeKey, TNoticeWords>;
}

export const NOTICE_TEXTS: Record<TLanguage, TNoticeTexts> = {
  en: {
    reason: 'Reason: {{reason}}',
    notices: {
      depositCompleted: {
        title: 'Deposit completed',
        body: 'Your deposit of {{amount}} via {{method}} was completed and credited to your account balance.',
      },
      depositDeclined: {
        title: 'Deposit declined',
        body: 'Your deposit of {{amount}} via {{method}} was declined. Nothing was credited to your account.',
      },
      withdrawalCompleted: {
        title: 'Withdrawal paid out',
        body: 'Your withdrawal of {{amount}} via {{method}} was completed and sent to your address.',
      },
      withdrawalDeclined: {
        title: 'Withdrawal declined',
        body: 'Your withdrawal of {{amount}} via {{method}} was declined. The {{amount}} is back in your account.',
      },
      payoutPaid: {
        title: 'Payout paid',
        body: 'Payout {{payouts}} of {{of}} of your {{plan}} investment was paid: {{amount}} added to your profits.',
      },
      payoutRejected: {
        title: 'Payout rejected',
        body: 'Payout {{payouts}} of {{of}} of your {{plan}} investment, {{amount}}, was rejected and not paid.',
      },
      investmentApproved: {
        title: 'Investment approved',
        body:
          'Your investment of {{amount}} in {{plan}} was approved. It earns {{interest}} over {{days}} days, paid in ' +
          '{{payouts}} payouts; the amount invested returns to your account balance when it matures.',
      },
      investmentDeclined: {
        title: 'Investment declined',
        body: 'Your investment of {{amount}} in {{plan}} was declined. Returned to your account balance: {{returned}}.',
      },
      investmentMatured: {
        title: 'Investment matured',
        body: 'Your investment of {{amount}} in {{plan}} has matured. Returned to your account balance: {{returned}}.',
      },
      positionExpired: {
        title: 'Position expired',
        body:
          'Your {{pair}} position of {{amount}} at {{leverage}} reached its expiration and was closed at {{exitPrice}} ' +
          '(opened at {{entryPrice}}). Result: {{pnl}}. Margin returned to your account balance: {{returned}}.',
      },
      positionStoppedOut: {
        title: 'Position stopped out',
        body:
          'Your {{pair}} position of {{amount}} at {{leverage}} was closed at {{exitPrice}} because its loss reached ' +
          'its margin (stop-out); it opened at {{entryPrice}}. Result: {{pnl}}. Margin returned to your account ' +
          'balance: {{returned}}.',
      },
      positionClosed: {
        title: 'Position closed',
        body:
          'You closed your {{pair}} position of {{amount}} at {{leverage}} at {{exitPrice}} (opened at ' +
          '{{entryPrice}}). Result: {{pnl}}. Margin returned to your account balance: {{returned}}.',
      },
      positionClosedByDesk: {
        title: 'Position closed by the trading desk',
        body:
          'Our trading desk closed your {{pair}} position of {{amount}} at {{leverage}} at market, at {{exitPrice}} ' +
          '(opened at {{entryPrice}}). Result: {{pnl}}. Margin returned to your account balance: {{returned}}.',
      },
      positionTakeProfit: {
        title: 'Take-profit reached',
        body: 'Your {{pair}} position of {{amount}} at {{leverage}} reached its take-profit and was closed at {{exitPrice}} (opened at {{entryPrice}}). Result: {{pnl}}. Margin returned to your account balance: {{returned}}.',
      },
      positionStopLoss: {
        title: 'Stop-loss reached',
        body: 'Your {{pair}} position of {{amount}} at {{leverage}} reached its stop-loss and was closed at {{exitPrice}} (opened at {{entryPrice}}). Result: {{pnl}}. Margin returned to your account balance: {{returned}}.',
      },
      positionClosedOut: {
        title: 'Position closed: margin level too low',
        body: 'Your account’s margin level fell below the close-out level, so your {{pair}} position of {{amount}} at {{leverage}}, its largest loss, was closed at {{exitPrice}} (opened at {{entryPrice}}). Result: {{pnl}}. Margin returned to your account balance: {{returned}}.',
      },
      marginCall: {
        title: 'Margin call',
        body: 'Your account’s margin level is {{level}}: margin equity of {{equity}} against {{margin}} of margin in use. Add funds or close positions; below the close-out level your largest losing positions are closed.',
      },
      priceAlertAbove: {
        title: 'Price alert: {{pair}}',
        body: '{{pair}} rose to {{price}}, reaching your alert at {{level}}.',
      },
      priceAlertBelow: {
        title: 'Price alert: {{pair}}',
        body: '{{pair}} fell to {{price}}, reaching your alert at {{level}}.',
      },
      orderFilled: {
        title: 'Order filled: {{pair}}',
        body: 'Your order on {{pair}} at {{level}} was filled at {{fillPrice}}: a position of {{amount}} at {{leverage}} is now open.',
      },
      orderExpired: {
        title: 'Order expired: {{pair}}',
        body: 'Your order on {{pair}} at {{level}} reached its good-until time without being filled. Its margin of {{amount}} is back in your account balance.',
      },
      signalGain: {
        title: 'Signal settled as a gain',
        body:
          'The signal "{{title}}" on {{pair}} reached its target of {{target}}. Your entry of {{entry}} is back in ' +
          'your account balance and its return of {{profit}} was added to your profits.',
      },
      signalLoss: {
        title: 'Signal settled as a loss',
        body:
          'The signal "{{title}}" on {{pair}} closed without reaching its target of {{target}}. Your entry of ' +
          '{{entry}} is lost.',
      },
      adjustmentCredit: { title: 'Account credited', body: '{{amount}} was credited to your account balance.' },
      adjustmentDebit: { title: 'Account debited', body: '{{amount}} was debited from your account balance.' },
      adjustmentProfit: { title: 'Profit added', body: '{{amount}} was added to your profits.' },
      adjustmentClear: {
        title: 'Balances cleared',
        body: 'Your account balance, trading balance, profits and bonus were cleared: {{amount}} in all.',
      },
      kycApproved: {
        title: 'KYC approved',
        body: 'Your identity verification was approved. Your account is verified.',
      },
      kycRejected: {
        title: 'KYC rejected',
        body: 'Your identity verification was rejected. Please submit your KYC again.',
      },
      upgradeApproved: {
        title: 'Plan upgrade approved',
        body: 'Your plan upgrade was approved. Your plan is now {{plan}}.',
      },
      upgradeRejected: {
        title: 'Plan upgrade rejected',
        body: 'Your request to upgrade to {{plan}} was rejected.',
      },
    },
  },
  es: {
    reason: 'Motivo: {{reason}}',
    notices: {
      depositCompleted: {
        title: 'Depósito completado',
        body: 'Su depósito de {{amount}} mediante {{method}} se completó y se abonó al saldo de su cuenta.',
      },
      depositDeclined: {
        title: 'Depósito rechazado',
        body: 'Su depósito de {{amount}} mediante {{method}} fue rechazado. No se abonó nada en su cuenta.',
      },
      withdrawalCompleted: {
        title: 'Retiro pagado',
        body: 'Su retiro de {{amount}} mediante {{method}} se completó y se envió a su dirección.',
      },
      withdrawalDeclined: {
        title: 'Retiro rechazado',
        body: 'Su retiro de {{amount}} mediante {{method}} fue rechazado. Los {{amount}} están de nuevo en su cuenta.',
      },
      payoutPaid: {
        title: 'Pago abonado',
        body: 'Se abonó el pago {{payouts}} de {{of}} de su inversión {{plan}}: {{amount}} añadidos a sus ganancias.',
      },
      payoutRejected: {
        title: 'Pago rechazado',
        body: 'El pago {{payouts}} de {{of}} de su inversión {{plan}}, de {{amount}}, fue rechazado y no se abonó.',
      },
      investmentApproved: {
        title: 'Inversión aprobada',
        body:
          'Su inversión de {{amount}} en {{plan}} fue aprobada. Rinde {{interest}} en {{days}} días, pagado en ' +
          '{{payouts}} pagos; el importe invertido vuelve al saldo de su cuenta al vencer.',
      },
      investmentDeclined: {
        title: 'Inversión rechazada',
        body: 'Su inversión de {{amount}} en {{plan}} fue rechazada. Devuelto al saldo de su cuenta: {{returned}}.',
      },
      investmentMatured: {
        title: 'Inversión vencida',
        body: 'Su inversión de {{amount}} en {{plan}} ha vencido. Devuelto al saldo de su cuenta: {{returned}}.',
      },
      positionExpired: {
        title: 'Posición vencida',
        body:
          'Su posición en {{pair}} de {{amount}} con {{leverage}} llegó a su vencimiento y se cerró a {{exitPrice}} ' +
          '(abierta a {{entryPrice}}). Resultado: {{pnl}}. Margen devuelto al saldo de su cuenta: {{returned}}.',
      },
      positionStoppedOut: {
        title: 'Posición cerrada por stop-out',
        body:
          'Su posición en {{pair}} de {{amount}} con {{leverage}} se cerró a {{exitPrice}} porque su pérdida alcanzó ' +
          'su margen (stop-out); se abrió a {{entryPrice}}. Resultado: {{pnl}}. Margen devuelto al saldo de su ' +
          'cuenta: {{returned}}.',
      },
      positionClosed: {
        title: 'Posición cerrada',
        body:
          'Usted cerró su posición en {{pair}} de {{amount}} con {{leverage}} a {{exitPrice}} (abierta a ' +
          '{{entryPrice}}). Resultado: {{pnl}}. Margen devuelto al saldo de su cuenta: {{returned}}.',
      },
      positionClosedByDesk: {
        title: 'Posición cerrada por la mesa de operaciones',
        body:
          'Nuestra mesa de operaciones cerró a mercado su posición en {{pair}} de {{amount}} con {{leverage}}, a ' +
          '{{exitPrice}} (abierta a {{entryPrice}}). Resultado: {{pnl}}. Margen devuelto al saldo de su cuenta: ' +
          '{{returned}}.',
      },
      positionTakeProfit: {
        title: 'Take-profit alcanzado',
        body: 'Su posición en {{pair}} de {{amount}} con {{leverage}} alcanzó su take-profit y se cerró a {{exitPrice}} (abierta a {{entryPrice}}). Resultado: {{pnl}}. Margen devuelto al saldo de su cuenta: {{returned}}.',
      },
      positionStopLoss: {
        title: 'Stop-loss alcanzado',
        body: 'Su posición en {{pair}} de {{amount}} con {{leverage}} alcanzó su stop-loss y se cerró a {{exitPrice}} (abierta a {{entryPrice}}). Resultado: {{pnl}}. Margen devuelto al saldo de su cuenta: {{returned}}.',
      },
      positionClosedOut: {
        title: 'Posición cerrada: nivel de margen demasiado bajo',
        body: 'El nivel de margen de su cuenta bajó del nivel de cierre, por lo que su posición en {{pair}} de {{amount}} con {{leverage}}, la de mayor pérdida, se cerró a {{exitPrice}} (abierta a {{entryPrice}}). Resultado: {{pnl}}. Margen devuelto al saldo de su cuenta: {{returned}}.',
      },
      marginCall: {
        title: 'Llamada de margen',
        body: 'El nivel de margen de su cuenta es {{level}}: un capital de margen de {{equity}} frente a {{margin}} de margen en uso. Añada fondos o cierre posiciones; por debajo del nivel de cierre se cierran sus posiciones con mayor pérdida.',
      },
      priceAlertAbove: {
        title: 'Alerta de precio: {{pair}}',
        body: '{{pair}} subió a {{price}} y alcanzó su alerta en {{level}}.',
      },
      priceAlertBelow: {
        title: 'Alerta de precio: {{pair}}',
        body: '{{pair}} bajó a {{price}} y alcanzó su alerta en {{level}}.',
      },
      orderFilled: {
        title: 'Orden ejecutada: {{pair}}',
        body: 'Su orden en {{pair}} a {{level}} se ejecutó a {{fillPrice}}: ya está abierta una posición de {{amount}} con {{leverage}}.',
      },
      orderExpired: {
        title: 'Orden vencida: {{pair}}',
        body: 'Su orden en {{pair}} a {{level}} llegó a su fecha de validez sin ejecutarse. Su margen de {{amount}} ha vuelto al saldo de su cuenta.',
      },
      signalGain: {
        title: 'Señal liquidada con ganancia',
        body:
          'La señal "{{title}}" en {{pair}} alcanzó su objetivo de {{target}}. Su entrada de {{entry}} está de nuevo ' +
          'en el saldo de su cuenta y su rendimiento de {{profit}} se añadió a sus ganancias.',
      },
      signalLoss: {
        title: 'Señal liquidada con pérdida',
        body:
          'La señal "{{title}}" en {{pair}} cerró sin alcanzar su objetivo de {{target}}. Su entrada de {{entry}} ' +
          'se ha perdido.',
      },
      adjustmentCredit: { title: 'Cuenta abonada', body: 'Se abonaron {{amount}} al saldo de su cuenta.' },
      adjustmentDebit: { title: 'Cuenta debitada', body: 'Se debitaron {{amount}} del saldo de su cuenta.' },
      adjustmentProfit: { title: 'Ganancia añadida', body: 'Se añadieron {{amount}} a sus ganancias.' },
      adjustmentClear: {
        title: 'Saldos puestos a cero',
        body: 'El saldo de su cuenta, el saldo de trading, las ganancias y el bono se pusieron a cero: {{amount}} en total.',
      },
      kycApproved: {
        title: 'KYC aprobado',
        body: 'Se aprobó la verificación de su identidad. Su cuenta está verificada.',
      },
      kycRejected: {
        title: 'KYC rechazado',
        body: 'Se rechazó la verificación de su identidad. Envíe de nuevo su KYC.',
      },
      upgradeApproved: {
        title: 'Mejora de plan aprobada',
        body: 'Se aprobó la mejora de su plan. Su plan ahora es {{plan}}.',
      },
      upgradeRejected: {
        title: 'Mejora de plan rechazada',
        body: 'Se rechazó su solicitud de mejorar a {{plan}}.',
      },
    },
  },
  fr: {
    reason: 'Motif : {{reason}}',
    notices: {
      depositCompleted: {
        title: 'Dépôt effectué',
        body: 'Votre dépôt de {{amount}} via {{method}} a été effectué et crédité sur le solde de votre compte.',
      },
      depositDeclined: {
        title: 'Dépôt refusé',
        body: "Votre dépôt de {{amount}} via {{method}} a été refusé. Rien n'a été crédité sur votre compte.",
      },
      withdrawalCompleted: {
        title: 'Retrait versé',
        body: 'Votre retrait de {{amount}} via {{method}} a été effectué et envoyé à votre adresse.',
      },
      withdrawalDeclined: {
        title: 'Retrait refusé',
        body: 'Votre retrait de {{amount}} via {{method}} a été refusé. Les {{amount}} sont de retour sur votre compte.',
      },
      payoutPaid: {
        title: 'Versement effectué',
        body:
          'Le versement {{payouts}} sur {{of}} de votre investissement {{plan}} a été effectué : {{amount}} ajoutés ' +
          'à vos profits.',
      },
      payoutRejected: {
        title: 'Versement refusé',
        body:
          "Le versement {{payouts}} sur {{of}} de votre investissement {{plan}}, de {{amount}}, a été refusé et n'a " +
          'pas été payé.',
      },
      investmentApproved: {
        title: 'Investissement approuvé',
        body:
          'Votre investissement de {{amount}} dans {{plan}} a été approuvé. Il rapporte {{interest}} sur {{days}} ' +
          "jours, versés en {{payouts}} fois ; le montant investi revient sur le solde de votre compte à l'échéance.",
      },
      investmentDeclined: {
        title: 'Investissement refusé',
        body:
          'Votre investissement de {{amount}} dans {{plan}} a été refusé. Rendu sur le solde de votre compte : ' +
          '{{returned}}.',
      },
      investmentMatured: {
        title: 'Investissement arrivé à échéance',
        body:
          'Votre investissement de {{amount}} dans {{plan}} est arrivé à échéance. Rendu sur le solde de votre ' +
          'compte : {{returned}}.',
      },
      positionExpired: {
        title: 'Position expirée',
        body:
          'Votre position {{pair}} de {{amount}} à {{leverage}} a atteint son échéance et a été clôturée à ' +
          '{{exitPrice}} (ouverte à {{entryPrice}}). Résultat : {{pnl}}. Marge rendue sur le solde de votre compte : ' +
          '{{returned}}.',
      },
      positionStoppedOut: {
        title: 'Position clôturée par stop-out',
        body:
          'Votre position {{pair}} de {{amount}} à {{leverage}} a été clôturée à {{exitPrice}} car sa perte a atteint ' +
          'sa marge (stop-out) ; elle avait été ouverte à {{entryPrice}}. Résultat : {{pnl}}. Marge rendue sur le ' +
          'solde de votre compte : {{returned}}.',
      },
      positionClosed: {
        title: 'Position clôturée',
        body:
          'Vous avez clôturé votre position {{pair}} de {{amount}} à {{leverage}} à {{exitPrice}} (ouverte à ' +
          '{{entryPrice}}). Résultat : {{pnl}}. Marge rendue sur le solde de votre compte : {{returned}}.',
      },
      positionClosedByDesk: {
        title: 'Position clôturée par la salle des marchés',
        body:
          'Notre salle des marchés a clôturé au marché votre position {{pair}} de {{amount}} à {{leverage}}, à ' +
          '{{exitPrice}} (ouverte à {{entryPrice}}). Résultat : {{pnl}}. Marge rendue sur le solde de votre compte : ' +
          '{{returned}}.',
      },
      positionTakeProfit: {
        title: 'Take-profit atteint',
        body: 'Votre position {{pair}} de {{amount}} à {{leverage}} a atteint son take-profit et a été clôturée à {{exitPrice}} (ouverte à {{entryPrice}}). Résultat : {{pnl}}. Marge rendue sur le solde de votre compte : {{returned}}.',
      },
      positionStopLoss: {
        title: 'Stop-loss atteint',
        body: 'Votre position {{pair}} de {{amount}} à {{leverage}} a atteint son stop-loss et a été clôturée à {{exitPrice}} (ouverte à {{entryPrice}}). Résultat : {{pnl}}. Marge rendue sur le solde de votre compte : {{returned}}.',
      },
      positionClosedOut: {
        title: 'Position clôturée : niveau de marge trop bas',
        body: 'Le niveau de marge de votre compte est passé sous le seuil de clôture : votre position sur {{pair}} de {{amount}} avec un effet de levier de {{leverage}}, la plus grosse perte, a été clôturée à {{exitPrice}} (ouverte à {{entryPrice}}). Résultat : {{pnl}}. Marge revenue sur le solde de votre compte : {{returned}}.',
      },
      marginCall: {
        title: 'Appel de marge',
        body: 'Le niveau de marge de votre compte est de {{level}} : {{equity}} de fonds propres de marge pour {{margin}} de marge utilisée. Ajoutez des fonds ou clôturez des positions ; sous le seuil de clôture, vos positions les plus perdantes sont clôturées.',
      },
      priceAlertAbove: {
        title: 'Alerte de prix : {{pair}}',
        body: '{{pair}} est monté à {{price}} et a atteint votre alerte à {{level}}.',
      },
      priceAlertBelow: {
        title: 'Alerte de prix : {{pair}}',
        body: '{{pair}} est descendu à {{price}} et a atteint votre alerte à {{level}}.',
      },
      orderFilled: {
        title: 'Ordre exécuté : {{pair}}',
        body: 'Votre ordre sur {{pair}} à {{level}} a été exécuté à {{fillPrice}} : une position de {{amount}} avec un effet de levier de {{leverage}} est ouverte.',
      },
      orderExpired: {
        title: 'Ordre expiré : {{pair}}',
        body: 'Votre ordre sur {{pair}} à {{level}} a atteint sa date de validité sans être exécuté. Sa marge de {{amount}} est revenue sur le solde de votre compte.',
      },
      signalGain: {
        title: 'Signal réglé en gain',
        body:
          'Le signal « {{title}} » sur {{pair}} a atteint son objectif de {{target}}. Votre mise de {{entry}} est de ' +
          'retour sur le solde de votre compte et son rendement de {{profit}} a été ajouté à vos profits.',
      },
      signalLoss: {
        title: 'Signal réglé en perte',
        body:
          'Le signal « {{title}} » sur {{pair}} a clôturé sans atteindre son objectif de {{target}}. Votre mise de ' +
          '{{entry}} est perdue.',
      },
      adjustmentCredit: { title: 'Compte crédité', body: '{{amount}} ont été crédités sur le solde de votre compte.' },
      adjustmentDebit: { title: 'Compte débité', body: '{{amount}} ont été débités du solde de votre compte.' },
      adjustmentProfit: { title: 'Profit ajouté', body: '{{amount}} ont été ajoutés à vos profits.' },
      adjustmentClear: {
        title: 'Soldes remis à zéro',
        body:
          'Le solde de votre compte, le solde de trading, les profits et le bonus ont été remis à zéro : {{amount}} ' +
          'au total.',
      },
      kycApproved: {
        title: 'KYC approuvé',
        body: 'La vérification de votre identité a été approuvée. Votre compte est vérifié.',
      },
      kycRejected: {
        title: 'KYC refusé',
        body: 'La vérification de votre identité a été refusée. Veuillez soumettre à nouveau votre KYC.',
      },
      upgradeApproved: {
        title: 'Changement de plan approuvé',
        body: 'Votre changement de plan a été approuvé. Votre plan est désormais {{plan}}.',
      },
      upgradeRejected: {
        title: 'Changement de plan refusé',
        body: 'Votre demande de passer au plan {{plan}} a été refusée.',
      },
    },
  },
  de: {
    reason: 'Grund: {{reason}}',
    notices: {
      depositCompleted: {
        title: 'Einzahlung abgeschlossen',
        body: 'Ihre Einzahlung von {{amount}} über {{method}} wurde abgeschlossen und Ihrem Kontoguthaben gutgeschrieben.',
      },
      depositDeclined: {
        title: 'Einzahlung abgelehnt',
        body: 'Ihre Einzahlung von {{amount}} über {{method}} wurde abgelehnt. Ihrem Konto wurde nichts gutgeschrieben.',
      },
      withdrawalCompleted: {
        title: 'Auszahlung überwiesen',
        body: 'Ihre Auszahlung von {{amount}} über {{method}} wurde abgeschlossen und an Ihre Adresse gesendet.',
      },
      withdrawalDeclined: {
        title: 'Auszahlung abgelehnt',
        body: 'Ihre Auszahlung von {{amount}} über {{method}} wurde abgelehnt. Die {{amount}} sind wieder auf Ihrem Konto.',
      },
      payoutPaid: {
        title: 'Ertrag ausgezahlt',
        body:
          'Ertrag {{payouts}} von {{of}} Ihrer Investition in {{plan}} wurde ausgezahlt: {{amount}} Ihren Gewinnen ' +
          'gutgeschrieben.',
      },
      payoutRejected: {
        title: 'Ertrag abgelehnt',
        body:
          'Ertrag {{payouts}} von {{of}} Ihrer Investition in {{plan}} über {{amount}} wurde abgelehnt und nicht ' +
          'ausgezahlt.',
      },
      investmentApproved: {
        title: 'Investition genehmigt',
        body:
          'Ihre Investition von {{amount}} in {{plan}} wurde genehmigt. Sie bringt {{interest}} über {{days}} Tage, ' +
          'ausgezahlt in {{payouts}} Erträgen; der investierte Betrag kehrt bei Fälligkeit auf Ihr Kontoguthaben zurück.',
      },
      investmentDeclined: {
        title: 'Investition abgelehnt',
        body: 'Ihre Investition von {{amount}} in {{plan}} wurde abgelehnt. Auf Ihr Kontoguthaben zurück: {{returned}}.',
      },
      investmentMatured: {
        title: 'Investition fällig',
        body: 'Ihre Investition von {{amount}} in {{plan}} ist fällig geworden. Auf Ihr Kontoguthaben zurück: {{returned}}.',
      },
      positionExpired: {
        title: 'Position abgelaufen',
        body:
          'Ihre {{pair}}-Position über {{amount}} mit {{leverage}} hat ihr Ablaufdatum erreicht und wurde zu ' +
          '{{exitPrice}} geschlossen (eröffnet zu {{entryPrice}}). Ergebnis: {{pnl}}. Margin zurück auf Ihr ' +
          'Kontoguthaben: {{returned}}.',
      },
      positionStoppedOut: {
        title: 'Position durch Stop-out geschlossen',
        body:
          'Ihre {{pair}}-Position über {{amount}} mit {{leverage}} wurde zu {{exitPrice}} geschlossen, weil ihr ' +
          'Verlust ihre Margin erreicht hat (Stop-out); eröffnet wurde sie zu {{entryPrice}}. Ergebnis: {{pnl}}. ' +
          'Margin zurück auf Ihr Kontoguthaben: {{returned}}.',
      },
      positionClosed: {
        title: 'Position geschlossen',
        body:
          'Sie haben Ihre {{pair}}-Position über {{amount}} mit {{leverage}} zu {{exitPrice}} geschlossen (eröffnet ' +
          'zu {{entryPrice}}). Ergebnis: {{pnl}}. Margin zurück auf Ihr Kontoguthaben: {{returned}}.',
      },
      positionClosedByDesk: {
        title: 'Position vom Handelsdesk geschlossen',
        body:
          'Unser Handelsdesk hat Ihre {{pair}}-Position über {{amount}} mit {{leverage}} zum Marktpreis geschlossen, ' +
          'zu {{exitPrice}} (eröffnet zu {{entryPrice}}). Ergebnis: {{pnl}}. Margin zurück auf Ihr Kontoguthaben: ' +
          '{{returned}}.',
      },
      positionTakeProfit: {
        title: 'Take-Profit erreicht',
        body: 'Ihre {{pair}}-Position über {{amount}} mit {{leverage}} hat ihren Take-Profit erreicht und wurde zu {{exitPrice}} geschlossen (eröffnet zu {{entryPrice}}). Ergebnis: {{pnl}}. Margin zurück auf Ihr Kontoguthaben: {{returned}}.',
      },
      positionStopLoss: {
        title: 'Stop-Loss erreicht',
        body: 'Ihre {{pair}}-Position über {{amount}} mit {{leverage}} hat ihren Stop-Loss erreicht und wurde zu {{exitPrice}} geschlossen (eröffnet zu {{entryPrice}}). Ergebnis: {{pnl}}. Margin zurück auf Ihr Kontoguthaben: {{returned}}.',
      },
      positionClosedOut: {
        title: 'Position geschlossen: Margin-Level zu niedrig',
        body: 'Das Margin-Level Ihres Kontos ist unter die Glattstellungsschwelle gefallen. Daher wurde Ihre {{pair}}-Position über {{amount}} mit {{leverage}}, die mit dem größten Verlust, zu {{exitPrice}} geschlossen (eröffnet zu {{entryPrice}}). Ergebnis: {{pnl}}. Auf Ihr Kontoguthaben zurückgebuchte Margin: {{returned}}.',
      },
      marginCall: {
        title: 'Margin Call',
        body: 'Das Margin-Level Ihres Kontos liegt bei {{level}}: {{equity}} Margin-Kapital bei {{margin}} genutzter Margin. Zahlen Sie Geld ein oder schließen Sie Positionen; unter der Glattstellungsschwelle werden Ihre Positionen mit dem größten Verlust geschlossen.',
      },
      priceAlertAbove: {
        title: 'Kursalarm: {{pair}}',
        body: '{{pair}} ist auf {{price}} gestiegen und hat Ihren Alarm bei {{level}} erreicht.',
      },
      priceAlertBelow: {
        title: 'Kursalarm: {{pair}}',
        body: '{{pair}} ist auf {{price}} gefallen und hat Ihren Alarm bei {{level}} erreicht.',
      },
      orderFilled: {
        title: 'Order ausgeführt: {{pair}}',
        body: 'Ihre Order auf {{pair}} bei {{level}} wurde zu {{fillPrice}} ausgeführt: Eine Position über {{amount}} mit {{leverage}} ist jetzt offen.',
      },
      orderExpired: {
        title: 'Order abgelaufen: {{pair}}',
        body: 'Ihre Order auf {{pair}} bei {{level}} ist abgelaufen, ohne ausgeführt zu werden. Ihre Margin von {{amount}} ist wieder auf Ihrem Kontoguthaben.',
      },
      signalGain: {
        title: 'Signal mit Gewinn abgerechnet',
        body:
          'Das Signal „{{title}}“ auf {{pair}} hat sein Ziel von {{target}} erreicht. Ihr Einsatz von {{entry}} ist ' +
          'wieder auf Ihrem Kontoguthaben und sein Ertrag von {{profit}} wurde Ihren Gewinnen gutgeschrieben.',
      },
      signalLoss: {
        title: 'Signal mit Verlust abgerechnet',
        body:
          'Das Signal „{{title}}“ auf {{pair}} wurde geschlossen, ohne sein Ziel von {{target}} zu erreichen. Ihr ' +
          'Einsatz von {{entry}} ist verloren.',
      },
      adjustmentCredit: {
        title: 'Konto gutgeschrieben',
        body: '{{amount}} wurden Ihrem Kontoguthaben gutgeschrieben.',
      },
      adjustmentDebit: { title: 'Konto belastet', body: '{{amount}} wurden von Ihrem Kontoguthaben abgebucht.' },
      adjustmentProfit: { title: 'Gewinn hinzugefügt', body: '{{amount}} wurden Ihren Gewinnen hinzugefügt.' },
      adjustmentClear: {
        title: 'Guthaben zurückgesetzt',
        body:
          'Ihr Kontoguthaben, Ihr Trading-Guthaben, Ihre Gewinne und Ihr Bonus wurden auf null gesetzt: insgesamt ' +
          '{{amount}}.',
      },
      kycApproved: {
        title: 'KYC genehmigt',
        body: 'Ihre Identitätsprüfung wurde genehmigt. Ihr Konto ist verifiziert.',
      },
      kycRejected: {
        title: 'KYC abgelehnt',
        body: 'Ihre Identitätsprüfung wurde abgelehnt. Bitte reichen Sie Ihre KYC-Unterlagen erneut ein.',
      },
      upgradeApproved: {
        title: 'Plan-Upgrade genehmigt',
        body: 'Ihr Plan-Upgrade wurde genehmigt. Ihr Plan ist jetzt {{plan}}.',
      },
      upgradeRejected: {
        title: 'Plan-Upgrade abgelehnt',
        body: 'Ihre Anfrage für ein Upgrade auf {{plan}} wurde abgelehnt.',
      },
    },
  },
  it: {
    reason: 'Motivo: {{reason}}',
    notices: {
      depositCompleted: {
        title: 'Deposito completato',
        body: 'Il tuo deposito di {{amount}} tramite {{method}} è stato completato e accreditato sul saldo del tuo conto.',
      },
      depositDeclined: {
        title: 'Deposito rifiutato',
        body: 'Il tuo deposito di {{amount}} tramite {{method}} è stato rifiutato. Non è stato accreditato nulla sul tuo conto.',
      },
      withdrawalCompleted: {
        title: 'Prelievo pagato',
        body: 'Il tuo prelievo di {{amount}} tramite {{method}} è stato completato e inviato al tuo indirizzo.',
      },
      withdrawalDeclined: {
        title: 'Prelievo rifiutato',
        body: 'Il tuo prelievo di {{amount}} tramite {{method}} è stato rifiutato. I {{amount}} sono di nuovo sul tuo conto.',
      },
      payoutPaid: {
        title: 'Pagamento effettuato',
        body:
          'Il pagamento {{payouts}} di {{of}} del tuo investimento {{plan}} è stato effettuato: {{amount}} aggiunti ' +
          'ai tuoi profitti.',
      },
      payoutRejected: {
        title: 'Pagamento rifiutato',
        body:
          'Il pagamento {{payouts}} di {{of}} del tuo investimento {{plan}}, di {{amount}}, è stato rifiutato e non ' +
          'è stato pagato.',
      },
      investmentApproved: {
        title: 'Investimento approvato',
        body:
          'Il tuo investimento di {{amount}} in {{plan}} è stato approvato. Rende {{interest}} in {{days}} giorni, ' +
          "pagato in {{payouts}} pagamenti; l'importo investito torna sul saldo del tuo conto alla scadenza.",
      },
      investmentDeclined: {
        title: 'Investimento rifiutato',
        body: 'Il tuo investimento di {{amount}} in {{plan}} è stato rifiutato. Restituito sul saldo del tuo conto: {{returned}}.',
      },
      investmentMatured: {
        title: 'Investimento scaduto',
        body: 'Il tuo investimento di {{amount}} in {{plan}} è giunto a scadenza. Restituito sul saldo del tuo conto: {{returned}}.',
      },
      positionExpired: {
        title: 'Posizione scaduta',
        body:
          'La tua posizione {{pair}} di {{amount}} con leva {{leverage}} ha raggiunto la scadenza ed è stata chiusa a ' +
          '{{exitPrice}} (aperta a {{entryPrice}}). Risultato: {{pnl}}. Margine restituito sul saldo del tuo conto: ' +
          '{{returned}}.',
      },
      positionStoppedOut: {
        title: 'Posizione chiusa per stop-out',
        body:
          'La tua posizione {{pair}} di {{amount}} con leva {{leverage}} è stata chiusa a {{exitPrice}} perché la ' +
          'perdita ha raggiunto il margine (stop-out); era stata aperta a {{entryPrice}}. Risultato: {{pnl}}. ' +
          'Margine restituito sul saldo del tuo conto: {{returned}}.',
      },
      positionClosed: {
        title: 'Posizione chiusa',
        body:
          'Hai chiuso la tua posizione {{pair}} di {{amount}} con leva {{leverage}} a {{exitPrice}} (aperta a ' +
          '{{entryPrice}}). Risultato: {{pnl}}. Margine restituito sul saldo del tuo conto: {{returned}}.',
      },
      positionClosedByDesk: {
        title: 'Posizione chiusa dal desk di trading',
        body:
          'Il nostro desk di trading ha chiuso a mercato la tua posizione {{pair}} di {{amount}} con leva ' +
          '{{leverage}}, a {{exitPrice}} (aperta a {{entryPrice}}). Risultato: {{pnl}}. Margine restituito sul saldo ' +
          'del tuo conto: {{returned}}.',
      },
      positionTakeProfit: {
        title: 'Take profit raggiunto',
        body: 'La tua posizione {{pair}} di {{amount}} con leva {{leverage}} ha raggiunto il take profit ed è stata chiusa a {{exitPrice}} (aperta a {{entryPrice}}). Risultato: {{pnl}}. Margine restituito sul saldo del tuo conto: {{returned}}.',
      },
      positionStopLoss: {
        title: 'Stop loss raggiunto',
        body: 'La tua posizione {{pair}} di {{amount}} con leva {{leverage}} ha raggiunto lo stop loss ed è stata chiusa a {{exitPrice}} (aperta a {{entryPrice}}). Risultato: {{pnl}}. Margine restituito sul saldo del tuo conto: {{returned}}.',
      },
      positionClosedOut: {
        title: 'Posizione chiusa: livello di margine troppo basso',
        body: 'Il livello di margine del tuo conto è sceso sotto la soglia di chiusura: la tua posizione su {{pair}} di {{amount}} con leva {{leverage}}, quella in maggiore perdita, è stata chiusa a {{exitPrice}} (aperta a {{entryPrice}}). Risultato: {{pnl}}. Margine restituito sul saldo del conto: {{returned}}.',
      },
      marginCall: {
        title: 'Margin call',
        body: 'Il livello di margine del tuo conto è {{level}}: {{equity}} di capitale di margine a fronte di {{margin}} di margine utilizzato. Aggiungi fondi o chiudi posizioni; sotto la soglia di chiusura vengono chiuse le posizioni in maggiore perdita.',
      },
      priceAlertAbove: {
        title: 'Avviso di prezzo: {{pair}}',
        body: '{{pair}} è salito a {{price}} e ha raggiunto il tuo avviso a {{level}}.',
      },
      priceAlertBelow: {
        title: 'Avviso di prezzo: {{pair}}',
        body: '{{pair}} è sceso a {{price}} e ha raggiunto il tuo avviso a {{level}}.',
      },
      orderFilled: {
        title: 'Ordine eseguito: {{pair}}',
        body: 'Il tuo ordine su {{pair}} a {{level}} è stato eseguito a {{fillPrice}}: è ora aperta una posizione di {{amount}} con leva {{leverage}}.',
      },
      orderExpired: {
        title: 'Ordine scaduto: {{pair}}',
        body: 'Il tuo ordine su {{pair}} a {{level}} è scaduto senza essere eseguito. Il suo margine di {{amount}} è tornato sul saldo del tuo conto.',
      },
      signalGain: {
        title: 'Segnale chiuso in guadagno',
        body:
          'Il segnale "{{title}}" su {{pair}} ha raggiunto il suo obiettivo di {{target}}. La tua puntata di ' +
          '{{entry}} è di nuovo sul saldo del tuo conto e il suo rendimento di {{profit}} è stato aggiunto ai tuoi ' +
          'profitti.',
      },
      signalLoss: {
        title: 'Segnale chiuso in perdita',
        body:
          'Il segnale "{{title}}" su {{pair}} si è chiuso senza raggiungere il suo obiettivo di {{target}}. La tua ' +
          'puntata di {{entry}} è persa.',
      },
      adjustmentCredit: {
        title: 'Conto accreditato',
        body: '{{amount}} sono stati accreditati sul saldo del tuo conto.',
      },
      adjustmentDebit: { title: 'Conto addebitato', body: '{{amount}} sono stati prelevati dal saldo del tuo conto.' },
      adjustmentProfit: { title: 'Profitto aggiunto', body: '{{amount}} sono stati aggiunti ai tuoi profitti.' },
      adjustmentClear: {
        title: 'Saldi azzerati',
        body: 'Il saldo del tuo conto, il saldo di trading, i profitti e il bonus sono stati azzerati: {{amount}} in totale.',
      },
      kycApproved: {
        title: 'KYC approvato',
        body: 'La verifica della tua identità è stata approvata. Il tuo account è verificato.',
      },
      kycRejected: {
        title: 'KYC rifiutato',
        body: 'La verifica della tua identità è stata rifiutata. Invia di nuovo il tuo KYC.',
      },
      upgradeApproved: {
        title: 'Passaggio di piano approvato',
        body: 'Il passaggio di piano è stato approvato. Il tuo piano ora è {{plan}}.',
      },
      upgradeRejected: {
        title: 'Passaggio di piano rifiutato',
        body: 'La tua richiesta di passare a {{plan}} è stata rifiutata.',
      },
    },
  },
  pt: {
    reason: 'Motivo: {{reason}}',
    notices: {
      depositCompleted: {
        title: 'Depósito concluído',
        body: 'Seu depósito de {{amount}} via {{method}} foi concluído e creditado no saldo da sua conta.',
      },
      depositDeclined: {
        title: 'Depósito recusado',
        body: 'Seu depósito de {{amount}} via {{method}} foi recusado. Nada foi creditado na sua conta.',
      },
      withdrawalCompleted: {
        title: 'Saque pago',
        body: 'Seu saque de {{amount}} via {{method}} foi concluído e enviado para o seu endereço.',
      },
      withdrawalDeclined: {
        title: 'Saque recusado',
        body: 'Seu saque de {{amount}} via {{method}} foi recusado. Os {{amount}} estão de volta na sua conta.',
      },
      payoutPaid: {
        title: 'Pagamento efetuado',
        body:
          'O pagamento {{payouts}} de {{of}} do seu investimento {{plan}} foi efetuado: {{amount}} adicionados aos ' +
          'seus lucros.',
      },
      payoutRejected: {
        title: 'Pagamento recusado',
        body: 'O pagamento {{payouts}} de {{of}} do seu investimento {{plan}}, de {{amount}}, foi recusado e não foi pago.',
      },
      investmentApproved: {
        title: 'Investimento aprovado',
        body:
          'Seu investimento de {{amount}} em {{plan}} foi aprovado. Ele rende {{interest}} em {{days}} dias, pagos em ' +
          '{{payouts}} pagamentos; o valor investido volta ao saldo da sua conta no vencimento.',
      },
      investmentDeclined: {
        title: 'Investimento recusado',
        body: 'Seu investimento de {{amount}} em {{plan}} foi recusado. Devolvido ao saldo da sua conta: {{returned}}.',
      },
      investmentMatured: {
        title: 'Investimento vencido',
        body: 'Seu investimento de {{amount}} em {{plan}} venceu. Devolvido ao saldo da sua conta: {{returned}}.',
      },
      positionExpired: {
        title: 'Posição expirada',
        body:
          'Sua posição em {{pair}} de {{amount}} com {{leverage}} chegou ao vencimento e foi fechada a {{exitPrice}} ' +
          '(aberta a {{entryPrice}}). Resultado: {{pnl}}. Margem devolvida ao saldo da sua conta: {{returned}}.',
      },
      positionStoppedOut: {
        title: 'Posição fechada por stop-out',
        body:
          'Sua posição em {{pair}} de {{amount}} com {{leverage}} foi fechada a {{exitPrice}} porque a perda atingiu ' +
          'a margem (stop-out); ela foi aberta a {{entryPrice}}. Resultado: {{pnl}}. Margem devolvida ao saldo da ' +
          'sua conta: {{returned}}.',
      },
      positionClosed: {
        title: 'Posição fechada',
        body:
          'Você fechou sua posição em {{pair}} de {{amount}} com {{leverage}} a {{exitPrice}} (aberta a ' +
          '{{entryPrice}}). Resultado: {{pnl}}. Margem devolvida ao saldo da sua conta: {{returned}}.',
      },
      positionClosedByDesk: {
        title: 'Posição fechada pela mesa de operações',
        body:
          'Nossa mesa de operações fechou a mercado sua posição em {{pair}} de {{amount}} com {{leverage}}, a ' +
          '{{exitPrice}} (aberta a {{entryPrice}}). Resultado: {{pnl}}. Margem devolvida ao saldo da sua conta: ' +
          '{{returned}}.',
      },
      positionTakeProfit: {
        title: 'Take-profit atingido',
        body: 'Sua posição em {{pair}} de {{amount}} com {{leverage}} atingiu o take-profit e foi fechada a {{exitPrice}} (aberta a {{entryPrice}}). Resultado: {{pnl}}. Margem devolvida ao saldo da sua conta: {{returned}}.',
      },
      positionStopLoss: {
        title: 'Stop-loss atingido',
        body: 'Sua posição em {{pair}} de {{amount}} com {{leverage}} atingiu o stop-loss e foi fechada a {{exitPrice}} (aberta a {{entryPrice}}). Resultado: {{pnl}}. Margem devolvida ao saldo da sua conta: {{returned}}.',
      },
      positionClosedOut: {
        title: 'Posição fechada: nível de margem baixo demais',
        body: 'O nível de margem da sua conta caiu abaixo do nível de encerramento, então sua posição em {{pair}} de {{amount}} com {{leverage}}, a de maior perda, foi fechada a {{exitPrice}} (aberta a {{entryPrice}}). Resultado: {{pnl}}. Margem devolvida ao saldo da conta: {{returned}}.',
      },
      marginCall: {
        title: 'Chamada de margem',
        body: 'O nível de margem da sua conta é {{level}}: patrimônio de margem de {{equity}} para {{margin}} de margem em uso. Adicione fundos ou feche posições; abaixo do nível de encerramento, suas posições com maior perda são fechadas.',
      },
      priceAlertAbove: {
        title: 'Alerta de preço: {{pair}}',
        body: '{{pair}} subiu para {{price}} e atingiu seu alerta em {{level}}.',
      },
      priceAlertBelow: {
        title: 'Alerta de preço: {{pair}}',
        body: '{{pair}} caiu para {{price}} e atingiu seu alerta em {{level}}.',
      },
      orderFilled: {
        title: 'Ordem executada: {{pair}}',
        body: 'Sua ordem em {{pair}} a {{level}} foi executada a {{fillPrice}}: uma posição de {{amount}} com {{leverage}} está aberta.',
      },
      orderExpired: {
        title: 'Ordem expirada: {{pair}}',
        body: 'Sua ordem em {{pair}} a {{level}} expirou sem ser executada. A margem de {{amount}} voltou ao saldo da sua conta.',
      },
      signalGain: {
        title: 'Sinal liquidado com ganho',
        body:
          'O sinal "{{title}}" em {{pair}} atingiu o alvo de {{target}}. Sua entrada de {{entry}} está de volta no ' +
          'saldo da sua conta e o retorno de {{profit}} foi adicionado aos seus lucros.',
      },
      signalLoss: {
        title: 'Sinal liquidado com perda',
        body: 'O sinal "{{title}}" em {{pair}} fechou sem atingir o alvo de {{target}}. Sua entrada de {{entry}} foi perdida.',
      },
      adjustmentCredit: { title: 'Conta creditada', body: '{{amount}} foram creditados no saldo da sua conta.' },
      adjustmentDebit: { title: 'Conta debitada', body: '{{amount}} foram debitados do saldo da sua conta.' },
      adjustmentProfit: { title: 'Lucro adicionado', body: '{{amount}} foram adicionados aos seus lucros.' },
      adjustmentClear: {
        title: 'Saldos zerados',
        body: 'O saldo da sua conta, o saldo de trading, os lucros e o bônus foram zerados: {{amount}} no total.',
      },
      kycApproved: {
        title: 'KYC aprovado',
        body: 'A verificação da sua identidade foi aprovada. Sua conta está verificada.',
      },
      kycRejected: {
        title: 'KYC recusado',
        body: 'A verificação da sua identidade foi recusada. Envie seu KYC novamente.',
      },
      upgradeApproved: {
        title: 'Mudança de plano aprovada',
        body: 'A mudança do seu plano foi aprovada. Seu plano agora é {{plan}}.',
      },
      upgradeRejected: {
        title: 'Mudança de plano recusada',
        body: 'Seu pedido de mudar para {{plan}} foi recusado.',
      },
    },
  },
  ru: {
    reason: 'Причина: {{reason}}',
    notices: {
      depositCompleted: {
        title: 'Пополнение зачислено',
        body: 'Ваше пополнение на {{amount}} через {{method}} выполнено и зачислено на баланс счёта.',
      },
      depositDeclined: {
        title: 'Пополнение отклонено',
        body: 'Ваше пополнение на {{amount}} через {{method}} отклонено. На ваш счёт ничего не зачислено.',
      },
      withdrawalCompleted: {
        title: 'Вывод выплачен',
        body: 'Ваш вывод {{amount}} через {{method}} выполнен, средства отправлены на ваш адрес.',
      },
      withdrawalDeclined: {
        title: 'Вывод отклонён',
        body: 'Ваш вывод {{amount}} через {{method}} отклонён. Сумма {{amount}} возвращена на ваш счёт.',
      },
      payoutPaid: {
        title: 'Выплата произведена',
        body: 'Выплата {{payouts}} из {{of}} по вашей инвестиции {{plan}} произведена: {{amount}} добавлено к вашей прибыли.',
      },
      payoutRejected: {
        title: 'Выплата отклонена',
        body: 'Выплата {{payouts}} из {{of}} по вашей инвестиции {{plan}} на сумму {{amount}} отклонена и не выплачена.',
      },
      investmentApproved: {
        title: 'Инвестиция одобрена',
        body:
          'Ваша инвестиция {{amount}} в {{plan}} одобрена. Доходность {{interest}} за {{days}} дн., число выплат: ' +
          '{{payouts}}; вложенная сумма вернётся на баланс счёта по окончании срока.',
      },
      investmentDeclined: {
        title: 'Инвестиция отклонена',
        body: 'Ваша инвестиция {{amount}} в {{plan}} отклонена. Возвращено на баланс счёта: {{returned}}.',
      },
      investmentMatured: {
        title: 'Срок инвестиции истёк',
        body: 'Срок вашей инвестиции {{amount}} в {{plan}} истёк. Возвращено на баланс счёта: {{returned}}.',
      },
      positionExpired: {
        title: 'Срок позиции истёк',
        body:
          'Срок вашей позиции {{pair}} на {{amount}} с плечом {{leverage}} истёк, она закрыта по {{exitPrice}} ' +
          '(открыта по {{entryPrice}}). Результат: {{pnl}}. Маржа возвращена на баланс счёта: {{returned}}.',
      },
      positionStoppedOut: {
        title: 'Позиция закрыта по стоп-ауту',
        body:
          'Ваша позиция {{pair}} на {{amount}} с плечом {{leverage}} закрыта по {{exitPrice}}, так как убыток достиг ' +
          'маржи (стоп-аут); открыта по {{entryPrice}}. Результат: {{pnl}}. Маржа возвращена на баланс счёта: ' +
          '{{returned}}.',
      },
      positionClosed: {
        title: 'Позиция закрыта',
        body:
          'Вы закрыли позицию {{pair}} на {{amount}} с плечом {{leverage}} по {{exitPrice}} (открыта по ' +
          '{{entryPrice}}). Результат: {{pnl}}. Маржа возвращена на баланс счёта: {{returned}}.',
      },
      positionClosedByDesk: {
        title: 'Позиция закрыта торговым отделом',
        body:
          'Наш торговый отдел закрыл по рынку вашу позицию {{pair}} на {{amount}} с плечом {{leverage}} по ' +
          '{{exitPrice}} (открыта по {{entryPrice}}). Результат: {{pnl}}. Маржа возвращена на баланс счёта: ' +
          '{{returned}}.',
      },
      positionTakeProfit: {
        title: 'Сработал тейк-профит',
        body: 'Ваша позиция {{pair}} на {{amount}} с плечом {{leverage}} достигла тейк-профита и закрыта по {{exitPrice}} (открыта по {{entryPrice}}). Результат: {{pnl}}. Маржа возвращена на баланс счёта: {{returned}}.',
      },
      positionStopLoss: {
        title: 'Сработал стоп-лосс',
        body: 'Ваша позиция {{pair}} на {{amount}} с плечом {{leverage}} достигла стоп-лосса и закрыта по {{exitPrice}} (открыта по {{entryPrice}}). Результат: {{pnl}}. Маржа возвращена на баланс счёта: {{returned}}.',
      },
      positionClosedOut: {
        title: 'Позиция закрыта: слишком низкий уровень маржи',
        body: 'Уровень маржи вашего счёта опустился ниже уровня принудительного закрытия, поэтому ваша позиция по {{pair}} на {{amount}} с плечом {{leverage}}, самая убыточная, закрыта по {{exitPrice}} (открыта по {{entryPrice}}). Результат: {{pnl}}. Маржа, возвращённая на баланс счёта: {{returned}}.',
      },
      marginCall: {
        title: 'Маржин-колл',
        body: 'Уровень маржи вашего счёта — {{level}}: маржинальные средства {{equity}} при задействованной марже {{margin}}. Пополните счёт или закройте позиции; ниже уровня принудительного закрытия закрываются самые убыточные позиции.',
      },
      priceAlertAbove: {
        title: 'Ценовое оповещение: {{pair}}',
        body: '{{pair}} вырос до {{price}} и достиг уровня вашего оповещения {{level}}.',
      },
      priceAlertBelow: {
        title: 'Ценовое оповещение: {{pair}}',
        body: '{{pair}} упал до {{price}} и достиг уровня вашего оповещения {{level}}.',
      },
      orderFilled: {
        title: 'Ордер исполнен: {{pair}}',
        body: 'Ваш ордер по {{pair}} на уровне {{level}} исполнен по {{fillPrice}}: открыта позиция на {{amount}} с плечом {{leverage}}.',
      },
      orderExpired: {
        title: 'Ордер истёк: {{pair}}',
        body: 'Ваш ордер по {{pair}} на уровне {{level}} истёк, не будучи исполненным. Его маржа {{amount}} возвращена на баланс счёта.',
      },
      signalGain: {
        title: 'Сигнал закрыт с прибылью',
        body:
          'Сигнал «{{title}}» по {{pair}} достиг цели {{target}}. Ваш вход {{entry}} возвращён на баланс счёта, а ' +
          'доход {{profit}} добавлен к вашей прибыли.',
      },
      signalLoss: {
        title: 'Сигнал закрыт с убытком',
        body: 'Сигнал «{{title}}» по {{pair}} закрылся, не достигнув цели {{target}}. Ваш вход {{entry}} потерян.',
      },
      adjustmentCredit: { title: 'Счёт пополнен', body: 'На баланс вашего счёта зачислено {{amount}}.' },
      adjustmentDebit: { title: 'Списание со счёта', body: 'С баланса вашего счёта списано {{amount}}.' },
      adjustmentProfit: { title: 'Прибыль начислена', body: 'К вашей прибыли добавлено {{amount}}.' },
      adjustmentClear: {
        title: 'Балансы обнулены',
        body: 'Баланс счёта, торговый баланс, прибыль и бонус обнулены: всего {{amount}}.',
      },
      kycApproved: {
        title: 'KYC одобрен',
        body: 'Проверка вашей личности одобрена. Ваш аккаунт подтверждён.',
      },
      kycRejected: {
        title: 'KYC отклонён',
        body: 'Проверка вашей личности отклонена. Пожалуйста, отправьте KYC повторно.',
      },
      upgradeApproved: {
        title: 'Повышение плана одобрено',
        body: 'Повышение вашего плана одобрено. Теперь ваш план — {{plan}}.',
      },
      upgradeRejected: {
        title: 'Повышение плана отклонено',
        body: 'Ваш запрос на переход на {{plan}} отклонён.',
      },
    },
  },
  ja: {
    reason: '理由: {{reason}}',
    notices: {
      depositCompleted: {
        title: '入金完了',
        body: '{{method}} による {{amount}} の入金が完了し、口座残高に反映されました。',
      },
      depositDeclined: {
        title: '入金却下',
        body: '{{method}} による {{amount}} の入金は却下されました。口座には何も入金されていません。',
      },
      withdrawalCompleted: {
        title: '出金完了',
        body: '{{method}} による {{amount}} の出金が完了し、ご指定のアドレスに送金されました。',
      },
      withdrawalDeclined: {
        title: '出金却下',
        body: '{{method}} による {{amount}} の出金は却下されました。{{amount}} は口座に戻されています。',
      },
      payoutPaid: {
        title: '配当支払い',
        body: '{{plan}} への投資の配当 {{payouts}}/{{of}} が支払われ、{{amount}} が利益に加算されました。',
      },
      payoutRejected: {
        title: '配当却下',
        body: '{{plan}} への投資の配当 {{payouts}}/{{of}}（{{amount}}）は却下され、支払われませんでした。',
      },
      investmentApproved: {
        title: '投資承認',
        body:
          '{{plan}} への {{amount}} の投資が承認されました。{{days}} 日間で {{interest}} の利回りがあり、' +
          '{{payouts}} 回に分けて支払われます。満期になると投資額は口座残高に戻ります。',
      },
      investmentDeclined: {
        title: '投資却下',
        body: '{{plan}} への {{amount}} の投資は却下されました。口座残高に戻った金額: {{returned}}。',
      },
      investmentMatured: {
        title: '投資満期',
        body: '{{plan}} への {{amount}} の投資が満期を迎えました。口座残高に戻った金額: {{returned}}。',
      },
      positionExpired: {
        title: 'ポジション期限切れ',
        body:
          '{{pair}} の {{amount}}（レバレッジ {{leverage}}）のポジションは期限に達し、{{exitPrice}} で決済されました' +
          '（建値 {{entryPrice}}）。損益: {{pnl}}。口座残高に戻った証拠金: {{returned}}。',
      },
      positionStoppedOut: {
        title: 'ストップアウト',
        body:
          '{{pair}} の {{amount}}（レバレッジ {{leverage}}）のポジションは、損失が証拠金に達したため {{exitPrice}} で' +
          '決済されました（ストップアウト、建値 {{entryPrice}}）。損益: {{pnl}}。口座残高に戻った証拠金: {{returned}}。',
      },
      positionClosed: {
        title: 'ポジション決済',
        body:
          '{{pair}} の {{amount}}（レバレッジ {{leverage}}）のポジションを {{exitPrice}} で決済しました' +
          '（建値 {{entryPrice}}）。損益: {{pnl}}。口座残高に戻った証拠金: {{returned}}。',
      },
      positionClosedByDesk: {
        title: 'トレーディングデスクによる決済',
        body:
          '当社のトレーディングデスクが {{pair}} の {{amount}}（レバレッジ {{leverage}}）のポジションを成行で ' +
          '{{exitPrice}} にて決済しました（建値 {{entryPrice}}）。損益: {{pnl}}。口座残高に戻った証拠金: {{returned}}。',
      },
      positionTakeProfit: {
        title: '利益確定（テイクプロフィット）',
        body: '{{pair}} の {{amount}}（レバレッジ {{leverage}}）のポジションはテイクプロフィットに達し、{{exitPrice}} で決済されました（建値 {{entryPrice}}）。損益: {{pnl}}。口座残高に戻った証拠金: {{returned}}。',
      },
      positionStopLoss: {
        title: '損切り（ストップロス）',
        body: '{{pair}} の {{amount}}（レバレッジ {{leverage}}）のポジションはストップロスに達し、{{exitPrice}} で決済されました（建値 {{entryPrice}}）。損益: {{pnl}}。口座残高に戻った証拠金: {{returned}}。',
      },
      positionClosedOut: {
        title: 'ポジション決済：証拠金維持率の低下',
        body: '口座の証拠金維持率がロスカット水準を下回ったため、損失が最も大きい {{pair}} のポジション（{{amount}}、レバレッジ {{leverage}}）を {{exitPrice}} で決済しました（建値 {{entryPrice}}）。損益：{{pnl}}。口座残高に戻った証拠金：{{returned}}。',
      },
      marginCall: {
        title: 'マージンコール',
        body: '口座の証拠金維持率は {{level}} です（有効証拠金 {{equity}}、必要証拠金 {{margin}}）。入金するかポジションを決済してください。ロスカット水準を下回ると、損失の大きいポジションから決済されます。',
      },
      priceAlertAbove: {
        title: '価格アラート: {{pair}}',
        body: '{{pair}} が {{price}} まで上昇し、{{level}} のアラートに達しました。',
      },
      priceAlertBelow: {
        title: '価格アラート: {{pair}}',
        body: '{{pair}} が {{price}} まで下落し、{{level}} のアラートに達しました。',
      },
      orderFilled: {
        title: '注文約定：{{pair}}',
        body: '{{pair}} の {{level}} の注文が {{fillPrice}} で約定し、{{amount}}（レバレッジ {{leverage}}）のポジションを建てました。',
      },
      orderExpired: {
        title: '注文の期限切れ：{{pair}}',
        body: '{{pair}} の {{level}} の注文は約定しないまま有効期限を迎えました。証拠金 {{amount}} は口座残高に戻りました。',
      },
      signalGain: {
        title: 'シグナル確定（利益）',
        body:
          '{{pair}} のシグナル「{{title}}」は目標価格 {{target}} に達しました。エントリー額 {{entry}} は口座残高に戻り、' +
          'リターン {{profit}} が利益に加算されました。',
      },
      signalLoss: {
        title: 'シグナル確定（損失）',
        body:
          '{{pair}} のシグナル「{{title}}」は目標価格 {{target}} に達せずに終了しました。エントリー額 {{entry}} は' +
          '失われました。',
      },
      adjustmentCredit: { title: '口座への入金', body: '口座残高に {{amount}} が入金されました。' },
      adjustmentDebit: { title: '口座からの引き落とし', body: '口座残高から {{amount}} が引き落とされました。' },
      adjustmentProfit: { title: '利益の追加', body: '利益に {{amount}} が追加されました。' },
      adjustmentClear: {
        title: '残高のリセット',
        body: '口座残高、取引残高、利益、ボーナスがリセットされました（合計 {{amount}}）。',
      },
      kycApproved: {
        title: 'KYC 承認',
        body: '本人確認が承認されました。お客様のアカウントは認証済みです。',
      },
      kycRejected: {
        title: 'KYC 却下',
        body: '本人確認が却下されました。KYC を再度提出してください。',
      },
      upgradeApproved: {
        title: 'プラン変更承認',
        body: 'プラン変更が承認されました。現在のプランは {{plan}} です。',
      },
      upgradeRejected: {
        title: 'プラン変更却下',
        body: '{{plan}} へのプラン変更のリクエストは却下されました。',
      },
    },
  },
};
