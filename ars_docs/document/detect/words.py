"""Word lists of the unmarked-citation detector (``document.detect.citations``, issue 24 §3).

Kept as plain text so a reviewer can read and extend them; every entry came
from a labelled sentence (``tests/data/citation_sentences.txt``) or a form the
issue names. Lower case unless stated; compared in lower case.
"""

from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: Capitalised words that precede a year in parentheses without being authors:
#: months, seasons, weekdays, function words, document parts, kinds of
#: documents (English, German, French, Spanish, Portuguese, Russian).
NOT_AUTHORS = _words(
    """
january february march april may june july august september october november december
jan feb mar apr jun jul aug sep sept oct nov dec spring summer autumn fall winter in on
at by for from since until during before after about around circa between of to the a an
this that these those its their our his her my your see cf eg ie also and or but so then
thus hence here there when while where which table tables figure figures fig fig.
section sections chapter chapter part appendix equation eq volume vol issue no number
page pages version release edition update act law bill treaty decree regulation
directive report census survey election q1 q2 q3 q4 fy est approx ca monday tuesday
wednesday thursday friday saturday sunday as while although though unlike like following
both however whereas because if yet recently later earlier only even notably similarly
likewise moreover furthermore indeed first second third finally according
per via pace contra with against beyond versus vs
januar februar märz juni juli oktober dezember frühjahr sommer herbst
tabelle abbildung abb kapitel anhang seite band heft jahr jahre gesetz bericht studie
im am vom zum zur beim laut nach gemäß bei seit vgl siehe auch und oder aber wie
janvier février mars avril mai juin juillet août septembre octobre novembre décembre
tableau chapitre annexe loi rapport selon dans pour depuis avec voir aussi comme
enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre
tabla figura capítulo anexo ley informe según desde con ver también como en para
janeiro fevereiro março maio junho julho setembro outubro novembro dezembro
tabela quadro lei relatório conforme desde com ver também como em para
январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь
января февраля марта апреля мая июня июля августа сентября октября ноября декабря
в во на по с со к от до из за для при после как также однако это этот эта году год
таблица рисунок рис глава закон доклад отчёт отчет см ср согласно
"""
)

#: Articles and determiners: a capitalised word after one is a thing (``the Act (2013)``).
ARTICLES = _words(
    """
the a an this that these those its their our his her
der die das den dem des ein eine einer einem eines diese dieser dieses
le la les un une des du ce cette ces el los las una unos unas lo il gli
o os as um uma uns umas este esta
"""
)

#: Nouns that number things in the text itself: ``item [3]``, ``the array [1, 2, 3]``.
NUMBERED_THINGS = _words(
    """
item items step steps row rows column columns col line lines entry entries element
elements index option options question questions level levels group groups slot cell
position stage stages interval range day days week weeks visit visits session
sessions epoch epochs iteration iterations layer layers round rounds node nodes array
arrays list lists vector vectors tuple
tuples set sets sequence sequences matrix matrices input inputs output outputs
returns return returned yields yield gives give equals equal is are be becomes
was were values value coordinates indices shape dims dimensions = == := ← →
"""
)

#: Units after a bracket make it an interval, not a citation: ``[2, 5] seconds``.
UNITS = _words(
    """
s sec secs second seconds ms min mins minute minutes h hr hrs hour hours day days week
weeks month months year years hz khz mhz ghz mm cm m km kg g mg µg ml l °c °f k %
percent points pixels px degrees deg times units
"""
)

#: Places and organisations that are followed by a year without being authors
#: (``Tokyo (2021) hosted the Games``, ``Germany (2022)``). Surnames that are
#: also places (Berlin, London, Paris …) are cited with a reporting verb
#: (``Berlin (1958) argued``), which overrides the list.
PLACES = _words(
    """
afghanistan albania algeria andorra angola argentina armenia australia austria
azerbaijan bahamas bahrain bangladesh barbados belarus belgium belize benin bhutan
bolivia bosnia botswana brazil brunei bulgaria burkina burundi cambodia cameroon canada
chad chile china colombia comoros congo croatia cuba cyprus czechia czech denmark
djibouti dominica ecuador egypt eritrea estonia eswatini ethiopia fiji finland france
gabon gambia georgia germany ghana greece grenada guatemala guinea guyana haiti
honduras hungary iceland india indonesia iran iraq ireland israel italy jamaica japan
jordan kazakhstan kenya kiribati korea kosovo kuwait kyrgyzstan laos latvia lebanon
lesotho liberia libya liechtenstein lithuania luxembourg madagascar malawi malaysia
maldives mali malta mauritania mauritius mexico micronesia moldova monaco mongolia
montenegro morocco mozambique myanmar namibia nauru nepal netherlands nicaragua niger
nigeria norway oman pakistan palau palestine panama paraguay peru philippines poland
portugal qatar romania russia rwanda samoa senegal serbia seychelles singapore
slovakia slovenia somalia spain sudan suriname sweden switzerland syria taiwan
tajikistan tanzania thailand togo tonga trinidad tunisia turkey türkiye turkmenistan
tuvalu uganda ukraine uruguay uzbekistan vanuatu venezuela vietnam yemen zambia
zimbabwe england scotland wales britain europe africa asia america oceania antarctica
scandinavia california texas florida bavaria catalonia quebec ontario siberia
tokyo osaka kyoto beijing shanghai shenzhen wuhan hong kong seoul busan taipei delhi
mumbai bangalore kolkata karachi lahore dhaka jakarta manila bangkok hanoi singapore
sydney melbourne auckland lagos nairobi cairo accra addis johannesburg cape
casablanca berlin munich hamburg frankfurt cologne vienna zurich geneva paris lyon
marseille madrid barcelona lisbon porto rome milan naples athens istanbul ankara
moscow kyiv kiev warsaw prague budapest bucharest stockholm oslo copenhagen helsinki
amsterdam rotterdam brussels london manchester edinburgh dublin glasgow new york
chicago boston washington seattle toronto vancouver montreal ottawa mexico bogotá
bogota lima santiago buenos aires são paulo sao paulo brasília brasilia caracas havana
dubai doha riyadh tehran baghdad jerusalem tel aviv rio
deutschland frankreich spanien italien österreich schweiz wien münchen köln
allemagne espagne italie suisse angleterre alemania francia españa inglaterra brasil
россия москва германия франция китай япония украина россии москве москвы германии франции
китае китая японии украине украины сша европе европы петербурге петербурга
google microsoft apple amazon meta facebook twitter tesla ibm intel nvidia samsung
sony toyota siemens volkswagen openai deepmind anthropic netflix uber airbnb
"""
)

#: Russian prepositions that put a following name in a case a cited author is
#: not written in (``в России (2020)``); ``по Иванову`` ("according to") is not here.
CASE_PREPOSITIONS = _words("в во на из для к ко о об от до при с со у")

#: Verbs that make a name + year a cited author even where the name is also a
#: place or follows another capitalised word (``Berlin (1958) argued``).
REPORTING_VERBS = _words(
    """
found find finds showed show shows shown argued argue argues reported report reports
proposed propose proposes described describe describes suggested suggest suggests noted
note notes observed observe observes demonstrated demonstrate demonstrates concluded
conclude concludes claimed claim claims stated state states wrote write writes defined
define defines introduced introduce introduces developed develops examined examines
investigated investigates analysed analyzed analyses analyzes estimated estimates
identified identifies studied studies measured measures reviewed reviews surveyed
documented documents highlighted highlights emphasised emphasized emphasises emphasizes
pointed points contend contends contended maintain maintains maintained posit posits
posited hypothesised hypothesized explained explains discussed discusses presented
presents offered offers provided provides extended extends replicated replicates
confirmed confirms challenged challenges criticised criticized criticises criticizes
coined coins traced traces distinguished distinguishes outlined outlines modelled
modeled models derived derives formulated formulates recorded records
recommended recommends recommend warned warns cautioned cautions projected projects
calculated calculates concluded predicted predicts
zeigt zeigte zeigen fand findet argumentiert argumentierte beschreibt beschrieb betont
betonte stellt stellte schreibt schrieb kommt kam weist wies unterschied unterscheidet
untersuchte untersucht entwickelte entwickelt definiert definierte prägte
montre montrent affirme propose souligne soulignent décrit note observe constate
muestra muestran afirma propone señala señalan describe encontró encontraron sostiene
mostra mostram afirma propõe aponta apontam descreve encontrou encontraram sustenta
показал показала показали отмечает пишет утверждает описал описала предложил предложила
"""
)

#: Words that introduce a cited author at the start of a sentence or heading:
#: the name after them is a person (``Per Smith (2024)``, ``Following Lee (2020)``).
INTRODUCERS = _words(
    """
per via see cf following unlike like according contra pace with against after before
by from in on as also and or but so thus hence both however whereas because if although
though while recently later earlier notably similarly likewise moreover furthermore
indeed finally vgl siehe laut nach gemäß bei wie selon comme según como segundo conforme
bereits schon erst etwa insbesondere ebenso zudem dagegen hingegen jedoch deshalb déjà ainsi
ya también já também
"""
)

#: Auxiliaries and adverbs between a citation and its reporting verb
#: (``Smith (2013) has also shown``).
VERB_FILLERS = _words(
    """
has have had also was were is are first later further then already recently similarly
clearly convincingly famously hat hatte ont a ha han tem têm также
"""
)

#: Latin transcriptions of common Chinese and Korean family names, written first
#: (``Zhang Wei (2020)``, ``Kim Min-jun (2019)``).
EAST_ASIAN_SURNAMES = _words(
    """
wang li zhang liu chen yang huang zhao wu zhou xu sun ma zhu hu guo he lin gao luo
zheng liang xie song tang xu han feng deng cao peng zeng xiao tian dong yuan pan yu
jiang cai du ye cheng su wei lu ding ren shen yao lu jiang cui zhong tan lu wang fan
jin shi liao jia xia fu fang bai zou meng xiong qin qiu yin xue yan duan lei hou long
kim lee park choi jung jeong kang cho yoon yun jang lim han oh seo shin kwon hwang ahn
song ryu jeon hong ko moon yang son bae baek heo nam shim noh ha kwak sung cha joo koo
nguyen tran le pham hoang phan vu vo dang bui do ngo duong ly
"""
)

#: Chinese family names (one character) and Japanese family names (two or
#: three characters) for narrative citations in CJK text: ``王等人（2021）``,
#: ``佐藤（2020）``.
CHINESE_SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾"
    "肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏"
    "韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃戴莫孔向汤"
    "張劉陳楊黃趙吳孫馬鄭謝許韓馮鄧蕭葉蘇呂盧鍾譚陸賈鄒龔錢嚴湯"
)
JAPANESE_SURNAMES = _words(
    """
佐藤 鈴木 高橋 田中 伊藤 渡辺 渡邊 山本 中村 小林 加藤 吉田 山田 佐々木
山口 松本 井上 木村 斎藤 斉藤
清水 山崎 池田 橋本 阿部 石川 山下 中島 石井 小川 前田 岡田 長谷川 藤田 後藤 近藤 村上 遠藤 青木
坂本 福田 太田 西村 藤井 金子 岡本 藤原 中野 三浦 原田 中川 松田 竹内 小野 田村 中山 和田 石田
森田 上田 内田 柴田 酒井 宮崎 横山 高木 安藤 宮本 大野 小島 工藤 谷口 今井 高田 丸山 増田 杉山
村田 大塚 小山 平野 藤本 河野 上野 野口 武田 松井 千葉 岩崎 菅原 木下 久保 佐野 野村 松尾 菊地
杉本 市川 古川 大西 島田 水野 桜井 高野 吉川 山内 西田 飯田 菅野 北村 森 林 原
"""
)
#: Korean family names (Hangul), two-syllable ones included.
KOREAN_SURNAMES = _words(
    """
김 이 박 최 정 강 조 윤 장 임 한 오 서 신 권 황 안 송 류 유 전 홍 고 문 양 손 배 백 허 남 심 노 하
곽 성 차 주 우 구 민 진 나 지 엄 변 채 원 천 방 공 현 함 염 여 추 도 소 석 선 설 마 길 연 위 표
명 기 반 라 왕 금 옥 육 인 맹 제 모 탁 국 어 은 편 용 예 경 봉 사 부 남궁 제갈 선우 황보 독고
"""
)
#: Endings of CJK words that name institutions and places, not people.
CJK_NOT_PERSON_ENDINGS = tuple(
    sorted(
        _words(
            """
大学 学院 研究所 研究院 公司 政府 银行 銀行 协会 協会 委员会 委員会 部 局 省 市 县 県 区 国 会
社 所 院 年 月 日 版 法 시 도 군 구 국 청 부 원 회 소 단 처 학 년
万博 博覧会 世博会 博览会 五輪 奥运会 운동회 박람회
"""
        )
    )
)
#: Chinese two-character family names (``欧阳文华``, ``司马迁``).
CHINESE_COMPOUND_SURNAMES = _words(
    "欧阳 歐陽 司马 司馬 诸葛 諸葛 上官 东方 東方 夏侯 皇甫 尉迟 尉遲 公孙 公孫 慕容 长孙 長孫"
    " 宇文 司徒 令狐 端木 澹台 呼延 独孤 獨孤 南宫 南宮 西门 西門 轩辕 軒轅 百里 东郭 东郭"
)
#: Words after which a name and ``(year)`` are a thing, not a cited author, when the
#: sentence starts with them and no reporting verb follows (``Strasbourg (1959) became
#: the seat …``, ``ImageNet (2009) contains …``, ``Salvador (1549) foi …``).
THING_VERBS = _words(
    """
became become becomes contains contain contained hosted hosts hosting appeared appears
opened opens closed began begins ended ends collapsed launched covers covered includes
included holds held featured features sold lasted remains remained houses housed
wurde wurden enthält enthielt richtete begann endete
devint devient contient contenait
contiene contenía se convirtió
contém continha tornou
стал стала содержит
"""
)
#: Place names that start with a family-name character.
CJK_PLACES = _words(
    "武汉 武漢 江苏 江西 黄山 石家庄 金沢 高知 長野 長崎 福岡 岡山 宮城 山口 石川 서울 부산"
)
